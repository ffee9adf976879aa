/** Loaded behind the async boundary of index.ts, so the shared singletons are ready. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prepareStart } from './startup';
import './styles/shell.css';

async function main(): Promise<void> {
  await prepareStart();
  const container = document.getElementById('root');
  if (!container) throw new Error('Élément #root introuvable.');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void main();
