/**
 * The tax feature's public face: routes, jobs, scripts and other features import this file,
 * never a file inside the folder (the architecture test checks it).
 * Norwegian tax: the person-level year report and the per-portfolio tax view.
 */
export * from './personTaxService';
export * from './portfolioAnalyticsTax';
export * from './personTaxCsv';
