export * from './income';
export * from './allocation';
