import { start } from './common.js';

void start();
