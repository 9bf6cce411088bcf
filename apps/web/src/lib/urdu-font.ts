// Loaded by i18n only while UR is active: Noto Nastaliq Urdu (Arabic script subset) for Urdu text.
import '@fontsource/noto-nastaliq-urdu/arabic-400.css';
import '@fontsource/noto-nastaliq-urdu/arabic-700.css';
import './urdu-font.css';
