import { useEffect, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { notify } from '@/components/common/notify';
import { distinctWords, peekCsv, type CsvPeek } from '@/lib/csvPeek';
import type { SavedImportMappingDto } from '@/lib/schemas/importMapping';
import { IMPORT_MAX_BYTES } from '@/lib/schemas/portfolio';
import type { ImportResultDto } from '@/lib/types/portfolio';
import { portfolioService } from '@/services/portfolioService';
import { usePortfolioStore, type AccountImportPlan } from '@/stores/usePortfolioStore';
import { choiceReady, initialAccountChoices, type AccountChoice } from './ImportAccounts';
import { IMPORT_PRESETS, importPreset, type ImportPresetName } from '@/lib/importPresets';
import { columnIndex, draftFor, mappingOf, type MappingDraft } from './ImportMappingForm';
import { importCostOk } from './ImportPreview';
import { describeImportFailure, importTooLarge } from './importFailure';

export type ImportPhase = 'choose' | 'mapping' | 'previewing' | 'preview' | 'importing';
export type ImportSource = 'nordnet' | 'mapped';

/** A file's bytes (FileReader: Blob.arrayBuffer is missing in some browsers and in jsdom). */
function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

/** An Excel workbook by its name or its first bytes (a zip: "PK\x03\x04"). */
function isWorkbook(file: File, bytes: Uint8Array): boolean {
  return (
    /\.xlsx$/i.test(file.name) || (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4)
  );
}

/**
 * The import dialog's state and steps: choose a source and a file, (for another broker's CSV) map
 * its columns, preview with a dry run, type costs for review rows, then import all or nothing.
 */
export function useImportFlow(onDone: () => void) {
  const { t, i18n } = useTranslation('portfolio');
  const locale = i18n.language;
  const importFile = usePortfolioStore((s) => s.importFile);
  const importAccounts = usePortfolioStore((s) => s.importAccounts);
  const portfolios = usePortfolioStore((s) => s.portfolios);
  const baseCurrency = usePortfolioStore(
    (s) => s.portfolios.find((p) => p.portfolio_id === s.selectedId)?.base_currency ?? 'NOK',
  );
  /** Issue 37: where each account of a several-account Nordnet file goes (empty for one account). */
  const [accountChoices, setAccountChoices] = useState<Record<string, AccountChoice>>({});
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<ImportPhase>('choose');
  const [preview, setPreview] = useState<ImportResultDto | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** Costs typed for review rows, by line; a row with a valid cost is accepted. */
  const [costs, setCosts] = useState<Record<number, string>>({});
  const [source, setSourceState] = useState<ImportSource>('nordnet');
  const [broker, setBrokerState] = useState('');
  /** A broker layout of lib/importPresets.ts, or '' for a mapping of the user's own. */
  const [preset, setPresetState] = useState<ImportPresetName | ''>('');
  const [saved, setSaved] = useState<SavedImportMappingDto[]>([]);
  const [peek, setPeek] = useState<CsvPeek | null>(null);
  const [draft, setDraft] = useState<MappingDraft | null>(null);
  /** The server's field problems (`broker`, `mapping.columns.price`, ...), shown next to the field. */
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    // Saved mappings only help: without them every field is still mapped by hand.
    portfolioService.listImportMappings().then(
      (list) => live && setSaved(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const savedFor = (name: string) =>
    saved.find((m) => m.broker.trim().toLowerCase() === name.trim().toLowerCase())?.mapping ?? null;
  const wordsOf = (typeColumn: string, p = peek) =>
    p === null || columnIndex(p.headers, typeColumn) < 0
      ? []
      : distinctWords(p.rows, columnIndex(p.headers, typeColumn));
  /** The mapping a new file starts from: the preset's, else the one saved for the broker. */
  const startingMapping = (name = broker, chosen = preset) =>
    chosen === '' ? savedFor(name) : IMPORT_PRESETS[chosen].mapping;
  const draftOf = (p: CsvPeek, mapping: ReturnType<typeof startingMapping>) => {
    const first = draftFor(p.headers, [], mapping);
    return draftFor(p.headers, wordsOf(first.columns.type, p), mapping, p.delimiter);
  };
  const describeFailure = (err: unknown) => describeImportFailure(err, t, locale, setFieldErrors);
  const accepted = (): Map<number, string> =>
    new Map(
      Object.entries(costs)
        .filter(([, v]) => importCostOk(v))
        .map(([line, v]): [number, string] => [Number(line), v.trim().replace(',', '.')]),
    );

  function changeDraft(next: MappingDraft) {
    // A new type column: its words, each keeping the kind it had.
    if (draft && next.columns.type !== draft.columns.type) {
      const types: MappingDraft['types'] = {};
      for (const w of wordsOf(next.columns.type)) types[w] = next.types[w] ?? '';
      next = { ...next, types };
    }
    setDraft(next);
    // The preview was of the old mapping: preview again before importing.
    setPreview(null);
    if (phase === 'preview') setPhase('mapping');
  }

  function setSource(next: ImportSource) {
    setSourceState(next);
    setFile(null);
    setPreview(null);
    setPeek(null);
    setDraft(null);
    setFailure(null);
    setFieldErrors({});
    setPhase('choose');
  }

  function setBroker(name: string) {
    setBrokerState(name);
    const mapping = preset === '' ? savedFor(name) : null;
    if (mapping && peek) setDraft(draftOf(peek, mapping));
  }

  /** One click for a big broker's export: its layout fills the mapping (and names the broker). */
  function setPreset(name: string) {
    const chosen = importPreset(name);
    const previous = preset === '' ? null : IMPORT_PRESETS[preset];
    setPresetState(chosen?.name ?? '');
    if (chosen && (broker.trim() === '' || broker === previous?.label)) setBrokerState(chosen.label);
    if (peek) {
      const mapping = chosen ? chosen.mapping : savedFor(broker);
      setDraft(draftOf(peek, mapping));
      setPreview(null);
      if (phase === 'preview') setPhase('mapping');
    }
  }

  async function previewMapped() {
    if (!file || !draft) return;
    setFieldErrors({});
    setFailure(null);
    if (broker.trim() === '') {
      setFieldErrors({ broker: t('import.mapped.brokerRequired') });
      return;
    }
    setPhase('previewing');
    try {
      setPreview(await importFile(file, true, undefined, { broker, mapping: mappingOf(draft) }));
      setPhase('preview');
    } catch (err) {
      setFailure(describeFailure(err));
      setPhase('mapping');
    }
  }

  async function choose(next: File | null) {
    setFile(next);
    setPreview(null);
    setFailure(null);
    if (!next) return;
    if (next.size > IMPORT_MAX_BYTES) {
      setFailure(importTooLarge(t));
      return;
    }
    if (source === 'mapped') {
      try {
        const bytes = await readBytes(next);
        // An Excel file (DNB's export) is read by the server; a CSV here.
        const p: CsvPeek = isWorkbook(next, bytes)
          ? { delimiter: ',', ...(await portfolioService.peekSheet(next)) }
          : peekCsv(bytes);
        setPeek(p);
        setDraft(draftOf(p, startingMapping()));
        setFieldErrors({});
        setPhase('mapping');
      } catch (err) {
        setFailure(describeFailure(err));
      }
      return;
    }
    setPhase('previewing');
    try {
      const result = await importFile(next, true);
      setPreview(result);
      const accounts = result.accounts ?? [];
      setAccountChoices(
        accounts.length > 1
          ? initialAccountChoices(accounts, portfolios, (account) =>
              t('importAccounts:defaultName', { account }),
            )
          : {},
      );
      setPhase('preview');
    } catch (err) {
      setFailure(describeFailure(err));
      setPhase('choose');
    }
  }

  const multiAccount = (preview?.accounts?.length ?? 0) > 1 && source === 'nordnet';
  const chosenAccounts = (preview?.accounts ?? []).filter((a) => choiceReady(accountChoices[a.account]));
  const accountsReady =
    chosenAccounts.length > 0 &&
    Object.values(accountChoices).every((c) => c.target !== 'new' || c.name.trim() !== '');

  /** Issue 37: every chosen account into its portfolio in one go; created portfolios are kept on a retry. */
  async function runAccountsImport(chosen: File) {
    const plan = chosenAccounts.map((a): AccountImportPlan => {
      const c = accountChoices[a.account];
      return typeof c.target === 'number'
        ? { account: a.account, portfolioId: c.target }
        : { account: a.account, newPortfolio: { name: c.name.trim(), accountType: c.accountType } };
    });
    const outcomes = await importAccounts(chosen, plan);
    // A portfolio created for an account is that account's target from now on (no second one on a retry).
    setAccountChoices((previous) => {
      const next = { ...previous };
      for (const o of outcomes)
        if (o.portfolioId !== null) next[o.account] = { ...next[o.account], target: o.portfolioId };
      return next;
    });
    const lines = outcomes.flatMap((o) => {
      if (o.error)
        return [t('importAccounts:accountFailed', { account: o.account, message: describeFailure(o.error) })];
      const done = t('importAccounts:accountDone', { account: o.account, count: o.result?.imported ?? 0 });
      const left = o.result?.review.length ?? 0;
      return [left > 0 ? `${done} · ${t('importAccounts:accountLeft', { count: left })}` : done];
    });
    if (outcomes.every((o) => o.error === null)) {
      const total = outcomes.reduce((sum, o) => sum + (o.result?.imported ?? 0), 0);
      notify.success(t('importAccounts:done', { count: total, portfolios: outcomes.length }));
      onDone();
      return;
    }
    setFailure([t('importAccounts:someFailed'), ...lines].join('\n'));
    setPhase('preview');
  }

  async function runImport() {
    if (!file) return;
    setPhase('importing');
    if (multiAccount) {
      setFailure(null);
      await runAccountsImport(file);
      return;
    }
    setFailure(null);
    try {
      const mapped = source === 'mapped' && draft ? { broker, mapping: mappingOf(draft) } : undefined;
      const result = await importFile(file, false, accepted(), mapped);
      notify.success(t('import.imported', { count: result.imported }));
      onDone();
    } catch (err) {
      setFailure(describeFailure(err));
      setPhase('preview');
    }
  }

  return {
    phase,
    busy: phase === 'previewing' || phase === 'importing',
    source,
    setSource,
    broker,
    setBroker,
    preset,
    setPreset,
    saved,
    peek,
    draft,
    changeDraft,
    fieldErrors,
    failure,
    preview,
    costs,
    setCost: (line: number, value: string) => setCosts((c) => ({ ...c, [line]: value })),
    canImport:
      phase === 'preview' &&
      preview !== null &&
      (multiAccount ? accountsReady : preview.imported > 0 || accepted().size > 0),
    multiAccount,
    portfolios,
    baseCurrency,
    accountChoices,
    chosenAccountCount: chosenAccounts.length,
    setAccountChoice: (account: string, choice: AccountChoice) =>
      setAccountChoices((c) => ({ ...c, [account]: choice })),
    choose,
    previewMapped,
    runImport,
  };
}
