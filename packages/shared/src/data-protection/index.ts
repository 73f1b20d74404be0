export * from './register';
export * from './subjectAccess';
export * from './erasure';
export * from './retention';
export * from './allowList';
export * from './consent';
