import { describeCatalogueShard } from './fuzzing';

// The catalogue of attacks, shard 3 (fuzzing.ts deals the operations out by their cases).
describeCatalogueShard(2);
