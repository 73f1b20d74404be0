export { QuestionBlock, type QuestionBlockProps } from './QuestionBlock';
export { documentAnswersQuery, questionQueryKeys } from './api';
