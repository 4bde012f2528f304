import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import { ACCOUNT_TYPES, type AccountType } from '@/lib/constants';
import { formatMoneyIn, formatNumber } from '@/lib/format';
import type { ImportAccountDto, PortfolioDto } from '@/lib/types/portfolio';

/** Where one account of the file goes: an existing portfolio (its id), a new one, or nowhere. */
export interface AccountChoice {
  target: 'new' | 'skip' | number;
  name: string;
  accountType: AccountType;
}

/** The choices a file's accounts start with: each into a new portfolio named after it (or the one already so named). */
export function initialAccountChoices(
  accounts: readonly ImportAccountDto[],
  portfolios: readonly PortfolioDto[],
  nameOf: (account: string) => string,
): Record<string, AccountChoice> {
  return Object.fromEntries(
    accounts.map((a) => {
      const name = nameOf(a.account);
      const existing = portfolios.find((p) => p.portfolio_name === name);
      return [a.account, { target: existing?.portfolio_id ?? 'new', name, accountType: 'ordinary' }];
    }),
  );
}

/** A choice that can be imported: not skipped, and a new portfolio has a name. */
export const choiceReady = (c: AccountChoice | undefined) =>
  c !== undefined && c.target !== 'skip' && (c.target !== 'new' || c.name.trim() !== '');

/**
 * Issue 37: the accounts of a Nordnet file with several (its Portefølje column), each with its
 * lines and last balance in its currency, mapped to a portfolio: an existing one, or a new one
 * named by the user, ordinary or ASK. The dialog then imports them all in one go.
 */
export default function ImportAccounts({
  idPrefix,
  accounts,
  portfolios,
  choices,
  onChange,
  disabled,
}: {
  idPrefix: string;
  accounts: readonly ImportAccountDto[];
  portfolios: readonly PortfolioDto[];
  choices: Record<string, AccountChoice>;
  onChange(account: string, choice: AccountChoice): void;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation('importAccounts');
  const locale = i18n.language;
  const titleId = `${idPrefix}-accounts`;
  const anyChosen = accounts.some((a) => choices[a.account]?.target !== 'skip');
  return (
    <section aria-labelledby={titleId} className="mb-3">
      <h3 id={titleId} className="h6">
        {t('title')}
      </h3>
      <p className="small text-body-secondary">{t('intro', { count: accounts.length })}</p>
      <Table size="sm" responsive className="mb-0 align-middle">
        <thead>
          <tr>
            <th scope="col">{t('account')}</th>
            <th scope="col" className="text-end">
              {t('rows')}
            </th>
            <th scope="col" className="text-end">
              {t('balance')}
            </th>
            <th scope="col">{t('target')}</th>
            <th scope="col">{t('newName')}</th>
            <th scope="col">{t('newType')}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => {
            const choice = choices[a.account] ?? { target: 'skip', name: '', accountType: 'ordinary' };
            const set = (patch: Partial<AccountChoice>) => onChange(a.account, { ...choice, ...patch });
            const isNew = choice.target === 'new';
            const nameMissing = isNew && choice.name.trim() === '';
            const nameError = `${idPrefix}-account-${a.account}-name-error`;
            return (
              <tr key={a.account}>
                <th scope="row" className="text-nowrap">
                  {a.account}
                </th>
                <td className="text-end">{formatNumber(a.rows, locale, 0)}</td>
                <td className="text-end text-nowrap">
                  {a.balance === null
                    ? t('noBalance')
                    : formatMoneyIn(Number(a.balance), a.currency ?? '', locale)}
                </td>
                <td>
                  <Form.Select
                    size="sm"
                    aria-label={t('targetFor', { account: a.account })}
                    value={String(choice.target)}
                    disabled={disabled}
                    onChange={(e) => {
                      const v = e.target.value;
                      set({ target: v === 'new' || v === 'skip' ? v : Number(v) });
                    }}
                  >
                    <option value="new">{t('targetNew')}</option>
                    {portfolios.map((p) => (
                      <option key={p.portfolio_id} value={p.portfolio_id}>
                        {p.portfolio_name}
                      </option>
                    ))}
                    <option value="skip">{t('targetSkip')}</option>
                  </Form.Select>
                </td>
                <td>
                  {isNew && (
                    <>
                      <Form.Control
                        size="sm"
                        maxLength={100}
                        aria-label={t('newNameFor', { account: a.account })}
                        value={choice.name}
                        disabled={disabled}
                        isInvalid={nameMissing}
                        aria-invalid={nameMissing}
                        aria-describedby={nameMissing ? nameError : undefined}
                        onChange={(e) => set({ name: e.target.value })}
                      />
                      {nameMissing && (
                        <Form.Control.Feedback type="invalid" id={nameError}>
                          {t('nameRequired')}
                        </Form.Control.Feedback>
                      )}
                    </>
                  )}
                </td>
                <td>
                  {isNew && (
                    <Form.Select
                      size="sm"
                      aria-label={t('newTypeFor', { account: a.account })}
                      value={choice.accountType}
                      disabled={disabled}
                      onChange={(e) => set({ accountType: e.target.value === 'ask' ? 'ask' : 'ordinary' })}
                    >
                      {ACCOUNT_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(type === 'ask' ? 'typeAsk' : 'typeOrdinary')}
                        </option>
                      ))}
                    </Form.Select>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {!anyChosen && (
        <p className="small text-danger mt-2" role="alert">
          {t('noneChosen')}
        </p>
      )}
    </section>
  );
}
