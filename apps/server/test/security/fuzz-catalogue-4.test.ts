import { describeCatalogueShard } from './fuzzing';

// The catalogue of attacks, shard 4 (fuzzing.ts deals the operations out by their cases).
describeCatalogueShard(3);
