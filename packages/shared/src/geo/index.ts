export * from './britishNationalGrid';
export * from './bngToWgs84';
