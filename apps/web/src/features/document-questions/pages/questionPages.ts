/** The resident's own pages (one chunk): My responses, preferences, unsubscribe. */
export { MyResponsesPage } from './MyResponsesPage';
export { PreferencesPage } from './PreferencesPage';
export { UnsubscribePage } from './UnsubscribePage';
