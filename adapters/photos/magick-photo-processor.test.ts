import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { photoProcessorContract } from '../contracts/photo-processor.test-support';
import { loadMagickPhotoProcessor } from './magick-photo-processor';

// The module's bytes as the `api` function reads them under Deno, here from node_modules.
const wasmFile = createRequire(import.meta.url).resolve('@imagemagick/magick-wasm/magick.wasm');

photoProcessorContract('MagickPhotoProcessor', async () => loadMagickPhotoProcessor(await readFile(wasmFile)));
