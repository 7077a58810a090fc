// `npm run bench:mapping`: the CSV column detector measured on every CSV fixture of
// test/fixtures/imports against the mappings a person decided (csv-mappings.json): prints
// "right / total" and what it got wrong. No database, no server.
import { describeAccuracy, measureMappingDetection } from '../test/support/mapping-accuracy';

console.log(describeAccuracy(await measureMappingDetection()));
