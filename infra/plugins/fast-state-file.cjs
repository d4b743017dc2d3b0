/**
 * The framework writes .serverless/serverless-state.json (the service as resolved, with its compiled template) with
 * json-cycle, whose `decycle` throws and catches a TypeError for every string and number (it calls `value.toJSON()`
 * on each) and looks every object up in an array of the objects seen so far: about 0.3 s of CPU of every `serverless
 * package` and `deploy` of a stack here (a fifth of one), and the emulator check and the deploy tests run some 70 of
 * them. `decycle` below makes the same copy, the same `$ref` paths included, without the throws and with a Map: the
 * file's bytes do not change (test/unit/fast-state-file.test.ts compares the two).
 */
/** json-cycle's decycle: a copy where an object met again is `{ $ref: <path where it was first met> }`. */
function decycle(object) {
  const paths = new Map();
  const derez = (value, path) => {
    let own = value;
    // json-cycle calls toJSON on every value inside a try, keeping the value when it throws: for each string and
    // number that is a TypeError thrown and caught, most of its cost. Called only where there is one, as the same.
    if (typeof value?.toJSON === 'function') {
      try {
        own = value.toJSON();
      } catch {}
    }
    if (typeof own !== 'object' || own === null) return own;
    const seen = paths.get(own);
    if (seen !== undefined) return { $ref: seen };
    paths.set(own, path);
    if (Array.isArray(own)) return own.map((item, i) => derez(item, `${path}[${i}]`));
    const copy = {};
    for (const name in own) {
      if (Object.hasOwn(own, name)) copy[name] = derez(own[name], `${path}[${JSON.stringify(name)}]`);
    }
    return copy;
  };
  return derez(object, '$');
}

class FastStateFile {
  constructor(serverless) {
    const { utils } = serverless;
    const writeFileSync = utils.writeFileSync.bind(utils);
    // `cycles` asks for json-cycle's stringify; the same text, decycled in linear time, is handed over as a string.
    utils.writeFileSync = (filePath, contents, cycles) =>
      cycles && typeof contents === 'object' && contents !== null && String(filePath).includes('.json')
        ? writeFileSync(filePath, JSON.stringify(decycle(contents), null, 2))
        : writeFileSync(filePath, contents, cycles);
  }
}

module.exports = FastStateFile;
module.exports.decycle = decycle;
