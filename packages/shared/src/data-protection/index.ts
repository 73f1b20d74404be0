export * from './register';
export * from './subjectAccess';
export * from './erasure';
export * from './retention';
