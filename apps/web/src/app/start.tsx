import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { hasServerPage } from '../api/serverPage';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// With the server's first screen on show the app renders out of sight, in slices that leave the
// main thread free between them (a reader scrolls and taps meanwhile), not in one long task.
if (hasServerPage()) startTransition(() => root.render(app));
else root.render(app);
