/**
 * Portfolio calls (SPEC §7, DESIGN.md §5) through the one apiClient, which adds the bearer token
 * and the fixed portfolio header. Bodies are the API's snake_case shapes.
 */
import type { TickerSuggestion } from '@/lib/types/market';
import type { ImportMapping, SavedImportMappingDto, SheetPeekDto } from '@/lib/schemas/importMapping';
import type {
  ImportResultDto,
  PerformanceDto,
  PortfolioDto,
  PortfolioResultsDto,
  TaxReportDto,
  TickerDayDto,
  TransactionDto,
  TransactionMetadataDto,
} from '@/lib/types/portfolio';
import type { AccountType, EventId } from '@/lib/constants';
import type { PersonTaxReportDto, SaleSimulationDto } from '@/lib/types/personTax';
import { http } from './api';

export interface CreatePortfolioPayload {
  portfolio_name: string;
  description?: string;
  subscription?: boolean;
  base_currency?: 'NOK' | 'USD';
  /** 'ordinary' (default) or 'ask' (aksjesparekonto). */
  account_type?: AccountType;
  /** SPEC §7 sends it; the server takes the owner from the token. */
  firebase_uid?: string;
}

export interface UpdatePortfolioPayload {
  portfolio_id: number;
  portfolio_name: string;
  description?: string;
  subscription?: boolean;
}

/** Amounts may be sent as decimal strings so that nothing is lost on the way (the API accepts both). */
export interface TransactionPayload {
  date: string;
  event_id: EventId;
  quantity: number | string;
  price: number | string;
  fee?: number | string;
  /** A split: new shares `split_to` for every `split_from` old ones (DESIGN.md §5). */
  split_to?: number | string | null;
  split_from?: number | string | null;
  /** A dividend's total tax withheld, in the ticker's currency (issue 21). */
  withholding_tax?: number | string | null;
  comment?: string;
}

/** `ticker_id` is null for a deposit or withdrawal (events 5 and 6). */
export type CreateTransactionPayload = TransactionPayload & {
  portfolio_id: number;
  ticker_id: number | null;
};
export type UpdateTransactionPayload = TransactionPayload & { portfolio_transaction_id: number };

export interface PerformanceQuery {
  from?: string;
  to?: string;
  countryId?: number;
}

/** The file name of a Content-Disposition header, if it has one. */
export function filenameOf(disposition: string | undefined, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match ? match[1] : fallback;
}

/** A mapped import: the broker's name, and the mapping (none: the saved one for the broker). */
export interface MappedImport {
  broker: string;
  mapping?: ImportMapping;
}

export const portfolioService = {
  async list(userId: string): Promise<PortfolioDto[]> {
    return (await http.get<PortfolioDto[]>(`/portfolios/${encodeURIComponent(userId)}`)).data;
  },
  async create(payload: CreatePortfolioPayload): Promise<PortfolioDto> {
    return (await http.post<PortfolioDto>('/portfolios', payload)).data;
  },
  async update(payload: UpdatePortfolioPayload): Promise<PortfolioDto> {
    return (await http.put<PortfolioDto>('/portfolios', payload)).data;
  },
  async remove(portfolioId: number): Promise<void> {
    await http.delete(`/portfolios/${portfolioId}`);
  },
  async addTransaction(payload: CreateTransactionPayload): Promise<TransactionDto> {
    return (await http.post<TransactionDto>('/portfolioTransaction', payload)).data;
  },
  async tickerTransactions(portfolioId: number, tickerId: number): Promise<TransactionDto[]> {
    return (await http.get<TransactionDto[]>(`/portfolio/${portfolioId}/${tickerId}`)).data;
  },
  /** The deposits and withdrawals (events 5 and 6, no ticker) of the portfolio. */
  async cashTransactions(portfolioId: number): Promise<TransactionDto[]> {
    return (await http.get<TransactionDto[]>(`/portfolio/${portfolioId}/cash`)).data;
  },
  async updateTransaction(payload: UpdateTransactionPayload): Promise<TransactionDto> {
    return (await http.put<TransactionDto>('/portfolio/transaction', payload)).data;
  },
  /** Is `date` a session of the ticker's exchange, and that session's bar (or the last before). */
  async tickerDay(tickerId: number, date: string, signal?: AbortSignal): Promise<TickerDayDto> {
    return (await http.get<TickerDayDto>(`/ticker/${tickerId}/day`, { params: { date }, signal })).data;
  },
  async deleteTransaction(transactionId: number): Promise<void> {
    await http.delete(`/portfolio/${transactionId}`);
  },
  /** The rows and the server's decimal totals (`totals=true`). */
  async results(portfolioId: number, includeSold: boolean): Promise<PortfolioResultsDto> {
    const params = includeSold ? { includeSold: 'true', totals: 'true' } : { totals: 'true' };
    return (await http.get<PortfolioResultsDto>(`/portfolio-results/${portfolioId}`, { params })).data;
  },
  async metadata(portfolioId: number, tickerId: number): Promise<TransactionMetadataDto> {
    return (
      await http.get<TransactionMetadataDto>('/portfolio/metadata', {
        params: { portfolioID: portfolioId, tickerID: tickerId },
      })
    ).data;
  },
  async performance(portfolioId: number, query: PerformanceQuery = {}): Promise<PerformanceDto> {
    const params: Record<string, string | number> = {};
    if (query.from) params.from = query.from;
    if (query.to) params.to = query.to;
    if (query.countryId) params.countryID = query.countryId;
    return (await http.get<PerformanceDto>(`/portfolio-performance/${portfolioId}`, { params })).data;
  },
  /** Without a year the server picks the latest year with a sale or a dividend. */
  async tax(portfolioId: number, year: number | null): Promise<TaxReportDto> {
    const params = year === null ? {} : { year };
    return (await http.get<TaxReportDto>(`/portfolio-tax/${portfolioId}`, { params })).data;
  },
  /** The person-level tax report of the income year, over every portfolio (issue 21). */
  async simulateSale(query: {
    portfolioId: number;
    tickerId: number;
    quantity: string;
    price: string;
    date: string;
  }): Promise<SaleSimulationDto> {
    return (await http.get<SaleSimulationDto>('/tax/simulate', { params: query })).data;
  },

  async personTax(year: number): Promise<PersonTaxReportDto> {
    return (await http.get<PersonTaxReportDto>(`/tax/${year}`)).data;
  },
  async personTaxCsv(year: number, lang: 'nb' | 'en' = 'nb'): Promise<{ blob: Blob; filename: string }> {
    const res = await http.get<Blob>(`/tax/${year}/export.csv`, { responseType: 'blob', params: { lang } });
    const disposition = String(res.headers['content-disposition'] ?? '');
    return { blob: res.data, filename: filenameOf(disposition, `trendvakt-skatt-${year}.csv`) };
  },
  /** Upload a Nordnet export as it is (bytes); a dry run only previews. */
  async importNordnet(
    portfolioId: number,
    file: Blob,
    dryRun: boolean,
    accept: ReadonlyMap<number, string> = new Map(),
    mapped?: MappedImport,
    account?: string,
  ): Promise<ImportResultDto> {
    const params: Record<string, string> = { format: mapped ? 'mapped' : 'nordnet' };
    // Issue 37: one account of a Nordnet file with several (its Portefølje column).
    if (account !== undefined && !mapped) params.account = account;
    // Any broker's CSV: the broker's name, and the mapping unless the saved one is meant.
    if (mapped) params.broker = mapped.broker;
    if (mapped?.mapping) params.mapping = JSON.stringify(mapped.mapping);
    if (dryRun) params.dryRun = 'true';
    // Review rows accepted with a total cost: "line:cost,line:cost".
    if (accept.size > 0) params.accept = [...accept].map(([line, cost]) => `${line}:${cost}`).join(',');
    return (
      await http.post<ImportResultDto>(`/portfolio-import/${portfolioId}`, file, {
        params,
        headers: { 'Content-Type': 'application/octet-stream' },
      })
    ).data;
  },
  /** An .xlsx's first sheet as text rows, for the mapping step (the server reads Excel files). */
  async peekSheet(file: Blob): Promise<SheetPeekDto> {
    return (
      await http.post<SheetPeekDto>('/import-mappings/sheet', file, {
        headers: { 'Content-Type': 'application/octet-stream' },
      })
    ).data;
  },
  /** The user's saved CSV mappings, one per broker. */
  async listImportMappings(): Promise<SavedImportMappingDto[]> {
    return (await http.get<SavedImportMappingDto[]>('/import-mappings')).data;
  },
  /** The portfolio as a CSV file the import reads back. */
  async exportCsv(portfolioId: number): Promise<{ blob: Blob; filename: string }> {
    const res = await http.get<Blob>(`/portfolio-export/${portfolioId}`, { responseType: 'blob' });
    const disposition = res.headers['content-disposition'] as string | undefined;
    return { blob: res.data, filename: filenameOf(disposition, `trendvakt-portfolio-${portfolioId}.csv`) };
  },
  /** Tickers of both markets whose name or symbol matches (tickers/autocomplete without countryID). */
  async searchTickers(search: string, signal?: AbortSignal): Promise<TickerSuggestion[]> {
    const { data } = await http.get<TickerSuggestion[] | { items: TickerSuggestion[] }>(
      '/tickers/autocomplete',
      {
        params: { search },
        signal,
      },
    );
    return Array.isArray(data) ? data : (data.items ?? []);
  },
};
