/** Norwegian tax: the per-portfolio FIFO view, the person-level engine and the dated rates. */
export * from './tax';
export * from './personTax';
export * from './taxRates';
