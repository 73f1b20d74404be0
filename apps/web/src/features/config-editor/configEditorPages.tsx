// The config editor's screens (issue 16 point 2; spec 03 §2, §4, §8), one chunk for the router.
export { ConfigsPage, ConfigTypePage } from './pages/ConfigListPages';
export { ConfigEditorPage } from './pages/ConfigEditorPage';
