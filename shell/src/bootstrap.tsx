/** Loaded behind the async boundary of index.ts, so the shared singletons are ready. */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prepareStart } from './startup';
import './styles/shell.css';

async function main(): Promise<void> {
  await prepareStart();
  const container = document.getElementById('root');
  if (!container) throw new Error('Élément #root introuvable.');
  const root = createRoot(container);
  // A transition lets React render in slices and yield to the browser between them, instead of one
  // long task that counts as blocking time on a phone (issue 17).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void main();
