export { settingsSample as sample } from './sample.js';
