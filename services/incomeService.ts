/** Income and allocation calls (issue 41) through the one apiClient. */
import type {
  AllocationDto,
  BookedDividendDto,
  IncomeSettingsDto,
  NextDividendDto,
  PortfolioIncomeDto,
  TickerDividendDto,
} from '@/lib/types/income';
import { http } from './api';

export const incomeService = {
  async income(portfolioId: number, months = 12): Promise<PortfolioIncomeDto> {
    return (await http.get<PortfolioIncomeDto>(`/portfolio-income/${portfolioId}`, { params: { months } }))
      .data;
  },
  async book(
    portfolioId: number,
    body: { ticker_id: number; ex_date: string; withholding_rate?: number },
  ): Promise<BookedDividendDto> {
    return (await http.post<BookedDividendDto>(`/portfolio-income/${portfolioId}/book`, body)).data;
  },
  async allocation(portfolioId: number | null): Promise<AllocationDto> {
    const path = portfolioId === null ? '/portfolio-allocation' : `/portfolio-allocation/${portfolioId}`;
    return (await http.get<AllocationDto>(path)).data;
  },
  async tickerDividends(tickerId: number): Promise<TickerDividendDto[]> {
    return (await http.get<TickerDividendDto[]>(`/ticker/${tickerId}/dividends`)).data;
  },
  async nextDividends(): Promise<NextDividendDto[]> {
    return (await http.get<NextDividendDto[]>('/income/next-dividends')).data;
  },
  async source(): Promise<{ demo: boolean }> {
    return (await http.get<{ demo: boolean }>('/income/source')).data;
  },
  async settings(): Promise<IncomeSettingsDto> {
    return (await http.get<IncomeSettingsDto>('/income/settings')).data;
  },
  async saveSettings(body: Partial<IncomeSettingsDto>): Promise<IncomeSettingsDto> {
    return (await http.put<IncomeSettingsDto>('/income/settings', body)).data;
  },
};
