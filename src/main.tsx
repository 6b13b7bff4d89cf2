import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ErrorBoundary } from './app/ErrorBoundary';
import { registerServiceWorker } from './app/register-service-worker';
import { loadCatalogue } from './i18n/load-catalogue';
import { appStore } from './store/app-store';
import { LanguageRoot, markDocumentLanguage, pageLanguage } from './ui/i18n/LanguageRoot';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first paint is already in the user's language: its catalogue is loaded before it (English is in this chunk).
const lang = pageLanguage(appStore.getState().language);
const catalogue = await loadCatalogue(lang).catch(() => null);
const initial = catalogue ? { lang, catalogue } : { lang: 'en' as const, catalogue: await loadCatalogue('en') };
markDocumentLanguage(initial.lang);

createRoot(root).render(
  <StrictMode>
    <LanguageRoot initial={initial}>
      <ErrorBoundary>
        <App />
      </ErrorBoundary>
    </LanguageRoot>
  </StrictMode>,
);

// Opens offline after the first visit (production builds only).
registerServiceWorker();
