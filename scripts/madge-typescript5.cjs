// Preloaded by `npm run check:cycles`: madge parses TypeScript through the TypeScript 5 compiler API,
// which TypeScript 7 (our compiler, a native binary) no longer ships; the `typescript5` alias provides it.
const Module = require('node:module')
const resolve = Module._resolveFilename
Module._resolveFilename = function resolveTypescript5(request, ...rest) {
  return resolve.call(this, request === 'typescript' ? 'typescript5' : request, ...rest)
}
