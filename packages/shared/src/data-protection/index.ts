export * from './register';
export * from './subjectAccess';
