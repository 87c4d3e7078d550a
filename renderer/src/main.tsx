import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { startStore, useStore } from './store.js';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
root.render(<App />);
startStore().catch((e: Error) =>
  useStore.getState().setError(`Cannot reach the Hookpanel host: ${e.message}`),
);
