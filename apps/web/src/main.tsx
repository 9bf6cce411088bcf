// The global style sheet first: components' own CSS, imported below it, then wins ties with it.
import './styles.css';
import { bootSite } from './app/boot';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { applyTheme, readTheme } from './lib/theme';

// Theme and language apply before the first paint, so neither the loader nor an error screen flashes.
applyTheme(readTheme());
initI18n();

const container = document.getElementById('root');
if (container) void bootSite(container, createQueryClient());
