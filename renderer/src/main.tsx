import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { startNotify } from './notify/browser-notify.js';
import { startStore, useStore } from './store.js';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
root.render(<App />);
startNotify();
startStore().catch((e: Error) =>
  useStore.getState().setError(`Cannot reach the Hookpanel host: ${e.message}`),
);
