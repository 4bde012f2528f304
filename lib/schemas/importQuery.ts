/** The broker import's query (issues 22, 37). */
import { z } from 'zod';
import { brokerNameSchema, mappingQuerySchema } from './importMapping';
import { cappedString } from './text';
import './zodConfig';

/**
 * One accepted review row, `line:cost`, or `line:` for the cost the file states (issue 37; each
 * pair is tested on its own: no nested quantifier).
 */
const ACCEPT_PAIR = /^\d{1,6}:(?:\d{1,15}(?:\.\d{1,10})?)?$/;

/** POST portfolio-import?format=nordnet&dryRun=true */
export const importQuerySchema = z.object({
  /** nordnet: Nordnet's export; mapped: any broker's CSV through a mapping (lib/schemas/importMapping.ts). */
  format: z.enum(['nordnet', 'mapped']).default('nordnet'),
  /** mapped: the broker's name, whose saved mapping is used (or saved, with `mapping` on a real import). */
  broker: brokerNameSchema.optional(),
  /** mapped: the mapping as JSON; without it the saved one for `broker`. */
  mapping: mappingQuerySchema.optional(),
  /** mapped: a broker layout of lib/importPresets.ts (`ibkr-flex-trades`, `degiro-account`, ...); checked by the service. */
  preset: cappedString(40).trim().min(1).max(40).optional(),
  /** nordnet: only this account's rows (the file's Portefølje column; issue 37). */
  account: cappedString(40).trim().min(1).max(40).optional(),
  dryRun: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Review rows the user accepts, as `line:cost` pairs joined by commas (the holding change at that
   * total cost in the trade currency, e.g. `12:1500,15:0`; `12:` takes the cost the file states,
   * 0 where it states none). Length-capped before it is read.
   */
  accept: cappedString(20_000, { trimmed: false })
    .refine((v) => v.split(',').every((pair) => ACCEPT_PAIR.test(pair)), 'line:cost pairs joined by commas')
    .optional()
    .transform((v) =>
      v === undefined
        ? new Map<number, string>()
        : new Map(
            v.split(',').map((pair): [number, string] => [Number(pair.split(':')[0]), pair.split(':')[1]]),
          ),
    ),
});
