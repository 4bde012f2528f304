import { useId, useState, type ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'next-i18next/pages';
import { MARKETS, type MarketId } from '@/lib/constants';
import type { MarketUniverseDto, MarketUniverseRequest } from '@/lib/types/operations';
import { operationsService } from '@/services/operationsService';
import { toApiError } from '@/services/apiError';

/** Largest file the panel reads (the API refuses above 512 kB as well). */
const MAX_FILE_BYTES = 512 * 1024;

/** The file's text (UTF-8) through FileReader, which every browser and jsdom have. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file, 'utf-8');
  });
}

/** One file input of the panel: label, help, the problem next to it, and its apply button. */
function FileField(props: {
  id: string;
  label: string;
  help: string;
  problem: string | null;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  action: string;
  disabled: boolean;
  onApply(): void;
}) {
  const { id, problem } = props;
  return (
    <div className="col-md-6">
      <label htmlFor={id} className="form-label small mb-1">
        {props.label}
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        className={`form-control form-control-sm${problem ? ' is-invalid' : ''}`}
        aria-describedby={`${id}-help${problem ? ` ${id}-problem` : ''}`}
        onChange={props.onChange}
      />
      <div id={`${id}-help`} className="form-text">
        {props.help}
      </div>
      {problem && (
        <div id={`${id}-problem`} className="invalid-feedback d-block">
          {problem}
        </div>
      )}
      <Button
        size="sm"
        variant="outline-primary"
        className="mt-2"
        disabled={props.disabled}
        onClick={props.onApply}
      >
        {props.action}
      </Button>
    </div>
  );
}

type Outcome = { kind: 'done'; result: MarketUniverseDto } | { kind: 'error'; message: string };

/**
 * /admin/operations (issue 28): the universe follows the exchange. Per market a universe sync from
 * the provider's symbol list; the main index's members from a file (symbols or ISINs) or the
 * provider; the Oslo shares' Euronext segments from Euronext's equities list.
 */
export default function UniversePanel() {
  const { t } = useTranslation('operations');
  const id = useId();
  const [marketId, setMarketId] = useState<MarketId>(MARKETS[0].id as MarketId);
  const [membersFile, setMembersFile] = useState<{ name: string; content: string } | null>(null);
  const [segmentsFile, setSegmentsFile] = useState<{ name: string; content: string } | null>(null);
  const [fileProblem, setFileProblem] = useState<{ field: 'members' | 'segments'; message: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const readFile =
    (field: 'members' | 'segments', set: (f: { name: string; content: string } | null) => void) =>
    async (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      setFileProblem(null);
      set(null);
      if (!file) return;
      if (file.size > MAX_FILE_BYTES) {
        setFileProblem({ field, message: t('universe.fileTooLarge', { kb: MAX_FILE_BYTES / 1024 }) });
        return;
      }
      try {
        set({ name: file.name, content: await readText(file) });
      } catch {
        setFileProblem({ field, message: t('universe.fileUnreadable') });
      }
    };

  const run = async (body: MarketUniverseRequest) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'done', result: await operationsService.marketUniverse(body) });
    } catch (err) {
      setOutcome({ kind: 'error', message: toApiError(err).message });
    } finally {
      setBusy(false);
    }
  };

  const marketName = (m: number) => MARKETS.find((x) => x.id === m)?.name ?? String(m);

  const summary = (r: MarketUniverseDto): string => {
    switch (r.action) {
      case 'sync':
        return t('universe.synced', {
          market: marketName(r.market_id),
          listed: r.listed,
          added: r.added.length,
          renamed: r.renamed.length,
          delisted: r.delisted.length,
          relisted: r.relisted.length,
        });
      case 'index_members':
        return t('universe.membersDone', {
          index: r.index,
          members: r.members,
          added: r.added.length,
          removed: r.removed.length,
        });
      case 'segments':
        return t('universe.segmentsDone', {
          matched: r.matched,
          unmatched: r.unmatched,
          osloBors: r.by_segment.oslo_bors,
          expand: r.by_segment.expand,
          growth: r.by_segment.growth,
        });
    }
  };

  const details = (r: MarketUniverseDto): string[] => {
    if (r.action === 'sync') {
      return [
        ...(r.added.length
          ? [t('universe.addedList', { list: r.added.map((a) => a.symbol).join(', ') })]
          : []),
        ...(r.renamed.length
          ? [t('universe.renamedList', { list: r.renamed.map((x) => `${x.from} → ${x.to}`).join(', ') })]
          : []),
        ...(r.delisted.length ? [t('universe.delistedList', { list: r.delisted.join(', ') })] : []),
      ];
    }
    if (r.action === 'index_members') {
      return [
        ...(r.added.length ? [t('universe.addedList', { list: r.added.join(', ') })] : []),
        ...(r.removed.length ? [t('universe.removedList', { list: r.removed.join(', ') })] : []),
      ];
    }
    return [];
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4" data-testid="universe">
      <h3 id={`${id}-title`} className="h5">
        {t('universe.title')}
      </h3>
      <p className="text-body-secondary small">{t('universe.intro')}</p>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <div>
          <label htmlFor={`${id}-market`} className="form-label small mb-1">
            {t('universe.market')}
          </label>
          <select
            id={`${id}-market`}
            className="form-select form-select-sm"
            value={marketId}
            onChange={(e) => setMarketId(Number(e.target.value) as MarketId)}
          >
            {MARKETS.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <Button size="sm" disabled={busy} onClick={() => void run({ action: 'sync', market_id: marketId })}>
          {t('universe.sync')}
        </Button>
        <Button
          size="sm"
          variant="outline-primary"
          disabled={busy}
          onClick={() => void run({ action: 'index_members', market_id: marketId, source: 'provider' })}
        >
          {t('universe.membersFromProvider')}
        </Button>
      </div>

      {/* mx-0: a row's negative gutter margins would make the page 8 px wider than its section. */}
      <div className="row g-3 mx-0">
        <FileField
          id={`${id}-members`}
          label={t('universe.membersFile')}
          help={t('universe.membersHelp')}
          problem={fileProblem?.field === 'members' ? fileProblem.message : null}
          onChange={(e) => void readFile('members', setMembersFile)(e)}
          action={t('universe.membersFromFile')}
          disabled={busy || !membersFile}
          onApply={() =>
            membersFile &&
            void run({
              action: 'index_members',
              market_id: marketId,
              source: 'file',
              content: membersFile.content,
            })
          }
        />
        <FileField
          id={`${id}-segments`}
          label={t('universe.segmentsFile')}
          help={t('universe.segmentsHelp')}
          problem={fileProblem?.field === 'segments' ? fileProblem.message : null}
          onChange={(e) => void readFile('segments', setSegmentsFile)(e)}
          action={t('universe.segmentsApply')}
          disabled={busy || !segmentsFile}
          onApply={() => segmentsFile && void run({ action: 'segments', content: segmentsFile.content })}
        />
      </div>

      <div aria-live="polite" className="mt-3">
        {busy && <p className="text-body-secondary small">{t('universe.working')}</p>}
        {outcome?.kind === 'done' && (
          <div className="alert alert-success small" role="status">
            <p className="mb-1">{summary(outcome.result)}</p>
            {details(outcome.result).map((line) => (
              <p key={line} className="mb-0">
                {line}
              </p>
            ))}
          </div>
        )}
        {outcome?.kind === 'error' && (
          <div className="alert alert-danger small" role="alert">
            {t('universe.failed', { message: outcome.message })}
          </div>
        )}
      </div>
    </section>
  );
}
