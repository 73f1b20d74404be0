import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { storeTenantName } from './api/tenantStorage';
import { App } from './app/App';
import './app/app.css';

// An emailed link names its council, so it works on a shared host (localhost, previews) in a
// browser that never picked one. On a council's own host the server goes by the host name.
const linkTenant = new URLSearchParams(window.location.search).get('tenant');
if (linkTenant && /\/auth-action\/?$/.test(window.location.pathname)) storeTenantName(linkTenant);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
