export { Caches, type CacheOptions, type CachesOptions, type NamedCache } from './caches';
export { type Change, type Dependency, encodeChanges } from './dependencies';
