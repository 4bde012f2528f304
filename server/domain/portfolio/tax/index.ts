/** Norwegian tax: the one person-level engine, its per-portfolio view, the sale simulation and the dated rates. */
export * from './personTax';
export * from './personTaxBook';
export * from './portfolioTaxView';
export * from './taxRates';
export * from './personTaxSimulate';
