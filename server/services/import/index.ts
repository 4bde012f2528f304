/**
 * The import feature's public face: routes, jobs, scripts and other features import this file,
 * never a file inside the folder (the architecture test checks it).
 * Broker files in and out: Nordnet and mapped-CSV import (resolve, plan, write), saved mappings, and the portfolio export.
 */
export * from './importMappingService';
export * from './portfolioImportService';
export { peekSheet } from './spreadsheet';
export * from './importLimits';
