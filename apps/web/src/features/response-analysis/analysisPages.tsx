// The response analysis page's chunk (app/screens.ts): spec 02 §2 /document/response-analysis.
export { ResponseAnalysisPage } from './pages/ResponseAnalysisPage';
