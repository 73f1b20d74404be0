import fc from 'fast-check';
import { z } from 'zod';
import type { RouteSummary } from '../src/app';

/** One generated request: path (parameters filled in), query string and JSON body text. */
export type FuzzRequest = { path: string; query: string; body: string | undefined };

type Schema = Record<string, unknown>;
/** A route part's JSON Schema (from its zod schema) and the definitions it refers to. */
type Shape = { root: Schema; defs: Record<string, Schema> };
/**
 * clean: values of the schema only. noisy: nasty values mixed in at every level. hole: clean, with
 * the recursive definition named left as a placeholder (to nest it thousands deep as text).
 */
type Mode = { noisy: boolean; hole?: string };
const CLEAN: Mode = { noisy: false };
const NOISY: Mode = { noisy: true };
const HOLE = '\u0001hole\u0001';

/**
 * Generators of malformed requests for any route, from the route's own zod schemas: inputs shaped
 * like what it expects, with nasty values (NUL, lone surrogates, 1e308, very long text, huge
 * arrays, deep nesting, broken percent-encodings) put in. `known` holds values the council really
 * has (field names, scenarios, ids), read when generating, so inputs get past the first checks and
 * reach the database.
 */
export function fuzzInputs(routes: readonly RouteSummary[], known: readonly string[]) {
  // ---------------------------------------------------------------------------------------------
  // Nasty values: what a careless or hostile client sends.

  const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
  const badCharacter = fc.oneof(fc.constant('\u0000'), loneSurrogate);
  const oddStrings = [
    '',
    ' ',
    '\uffff',
    '\u202e',
    '\udbff\udfff',
    '💥',
    '%',
    '%00',
    '\\u0000',
    '"',
    "'; select 1; --",
    'null',
    'NaN',
    'Infinity',
    '-Infinity',
    '-0',
    '1e308',
    '-1e308',
    '0x10',
    ' 1 ',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    '<script>alert(1)</script>',
  ];
  // Read when generating, after the test has filled `known`.
  const knownWord = fc.constant(null).chain(() => fc.constantFrom(...known));
  /** A NUL or a lone surrogate put into a text, anywhere in it. */
  const spoiled = (text: fc.Arbitrary<string>) =>
    fc
      .tuple(text, badCharacter, fc.nat())
      .map(
        ([value, bad, at]) =>
          value.slice(0, at % (value.length + 1)) + bad + value.slice(at % (value.length + 1)),
      );
  const nastyString = fc.oneof(
    fc.constantFrom(...oddStrings),
    // A real value with a NUL or a lone surrogate in it gets furthest.
    { weight: 2, arbitrary: spoiled(knownWord) },
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.string({
      unit: fc.oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), loneSurrogate),
      maxLength: 20,
    }),
    // Just over the usual limits (100, 200, 2,000 characters), and far over.
    fc.constantFrom(101, 201, 2_001, 100_000).map((length) => 'é'.repeat(length)),
  );
  const nastyNumber = fc.oneof(
    fc.constantFrom(1e308, -1e308, -0, 2 ** 53 + 1, -(2 ** 63), 5e-324, 0.5, 400, 200, -181, 91, 2 ** 31),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
  const nestedDeep = fc.tuple(fc.integer({ min: 60, max: 300 }), fc.boolean()).map(([depth, asArray]) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
    return value;
  });
  const nasty: fc.Arbitrary<unknown> = fc.oneof(
    { weight: 4, arbitrary: nastyString },
    { weight: 2, arbitrary: nastyNumber },
    fc.constantFrom(null, true, false, [], {}, 'NaN', 'Infinity'),
    fc.jsonValue({ maxDepth: 3 }),
    fc.constantFrom(101, 501, 10_001).map((length) => new Array<number>(length).fill(0)),
    nestedDeep,
  );

  // ---------------------------------------------------------------------------------------------
  // Values shaped like what a route expects, read from its zod schema as JSON Schema.

  function jsonSchemaOf(schema: unknown): Shape | undefined {
    if (!(schema instanceof z.ZodType)) return undefined;
    const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;
    return { root, defs: (root.$defs ?? {}) as Record<string, Schema> };
  }

  const asSchemas = (value: unknown) => (Array.isArray(value) ? (value as Schema[]) : undefined);

  /** Values of a schema; `refDepth` bounds how far a recursive schema (filter groups) unfolds. */
  function shaped(schema: Schema, shape: Shape, refDepth: number, mode: Mode): fc.Arbitrary<unknown> {
    const ref = schema.$ref;
    if (typeof ref === 'string') {
      const name = ref.replace('#/$defs/', '');
      if (name === mode.hole) return fc.constant(HOLE);
      const target = ref === '#' ? shape.root : shape.defs[name];
      if (!target || refDepth >= 3) return fc.constant({});
      return shaped(target, shape, refDepth + 1, mode);
    }
    const variants = asSchemas(schema.oneOf) ?? asSchemas(schema.anyOf);
    if (variants) return fc.oneof(...variants.map((variant) => member(variant, shape, refDepth, mode)));
    const parts = asSchemas(schema.allOf);
    if (parts) {
      return fc
        .tuple(...parts.map((part) => shaped(part, shape, refDepth, mode)))
        .map((values) => Object.assign({}, ...values.filter((v) => typeof v === 'object' && v !== null)));
    }
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum) && schema.enum.length > 0)
      return fc.constantFrom(...(schema.enum as unknown[]));
    const types = Array.isArray(schema.type)
      ? (schema.type as string[])
      : [schema.type as string | undefined];
    return fc.oneof(...types.map((type) => ofType(type, schema, shape, refDepth, mode)));
  }

  function ofType(
    type: string | undefined,
    schema: Schema,
    shape: Shape,
    refDepth: number,
    mode: Mode,
  ): fc.Arbitrary<unknown> {
    switch (type) {
      case 'string':
        return mode.noisy
          ? fc.oneof({ weight: 3, arbitrary: stringOf(schema) }, spoiled(stringOf(schema)))
          : stringOf(schema);
      case 'number':
      case 'integer': {
        const min = typeof schema.minimum === 'number' ? schema.minimum : -1e9;
        const max = typeof schema.maximum === 'number' ? schema.maximum : 1e9;
        if (type !== 'integer') return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
        const low = Math.max(min, -(2 ** 31));
        const high = Math.min(max, 2 ** 31);
        // Small ones often: a tile's x and y must stay below 2^z to get past validation.
        return fc.oneof(
          { weight: 3, arbitrary: fc.integer({ min: low, max: Math.min(high, low + 16) }) },
          fc.integer({ min: low, max: high }),
        );
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const tuple = asSchemas(schema.prefixItems);
        if (tuple) return fc.tuple(...tuple.map((item) => member(item, shape, refDepth, mode)));
        const items = (schema.items ?? {}) as Schema;
        if (mode.hole && items.$ref === `#/$defs/${mode.hole}`) return fc.constant([HOLE]);
        const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, 4);
        const minLength = Math.min(typeof schema.minItems === 'number' ? schema.minItems : 0, maxLength);
        // Half the time closed (last = first), as a polygon's ring must be to get past validation.
        return fc
          .tuple(fc.array(member(items, shape, refDepth, mode), { minLength, maxLength }), fc.boolean())
          .map(([values, closed]) =>
            closed && values.length > 1 ? [...values.slice(0, -1), values[0]] : values,
          );
      }
      case 'object': {
        const properties = (schema.properties ?? {}) as Record<string, Schema>;
        const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
        const entries = Object.entries(properties).map(([key, value]) => {
          // Addresses where one is asked for (zod's email rule is not in the JSON Schema).
          const arbitrary =
            /email/i.test(key) && value.type === 'string'
              ? fc.oneof(address, member(value, shape, refDepth, mode))
              : member(value, shape, refDepth, mode);
          // Optional keys in one case out of three: each one more is one more way to be refused.
          const present = mode.hole || required.includes(key);
          return present
            ? arbitrary.map((v) => [key, v] as const)
            : fc.oneof(
                { weight: 2, arbitrary: fc.constant(undefined) },
                arbitrary.map((v) => [key, v] as const),
              );
        });
        return fc
          .tuple(...entries)
          .map((pairs) => Object.fromEntries(pairs.filter((pair) => pair !== undefined)));
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  // Plain addresses: fast-check's own are valid by RFC 5322 but mostly refused by zod's rule.
  const address = fc.stringMatching(/^[a-z][a-z0-9.]{0,12}@[a-z]{1,10}\.(test|example|uk)$/);
  const patterns = new Map<string, fc.Arbitrary<string>>();
  function stringOf(schema: Schema): fc.Arbitrary<string> {
    const plain = fc.oneof(
      knownWord,
      fc.string({ maxLength: typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 40) : 40 }),
    );
    switch (schema.format) {
      case 'uuid':
        return fc.oneof(fc.uuid(), knownWord);
      case 'email':
        return address;
      case 'date':
        return fc
          .date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10));
    }
    // Simple patterns only (field names, ids): negated classes and look-arounds (an email's) make
    // fast-check draw and reject characters for seconds.
    const pattern = typeof schema.pattern === 'string' ? schema.pattern : '';
    if (pattern && pattern.length <= 60 && !/\[\^|\(\?|\\[SDWP]/.test(pattern)) {
      const regex = new RegExp(pattern);
      let matching = patterns.get(pattern);
      if (!matching) patterns.set(pattern, (matching = fc.stringMatching(regex)));
      // The council's own values that fit (its field names, its site ids) get past the dictionary.
      const fitting = fc.constant(null).chain(() => {
        const fits = known.filter((word) => regex.test(word));
        return fits.length > 0 ? fc.constantFrom(...fits) : matching;
      });
      return fc.oneof({ weight: 3, arbitrary: fitting }, matching, plain);
    }
    return plain;
  }

  /** A member of an object, array or union: noisy inputs are sometimes something else entirely. */
  const member = (schema: Schema, shape: Shape, refDepth: number, mode: Mode) =>
    mode.noisy
      ? fc.oneof(
          { weight: 5, arbitrary: shaped(schema, shape, refDepth, mode) },
          { weight: 1, arbitrary: nasty },
        )
      : shaped(schema, shape, refDepth, mode);

  /**
   * A clean value with exactly one fault: one node swapped for a nasty value, or a NUL or lone
   * surrogate put into one of its texts. One fault in an otherwise valid request gets furthest.
   */
  function oneFault(clean: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
    return fc
      .record({ value: clean, at: fc.nat(), spoil: fc.boolean(), bad: badCharacter, other: nasty })
      .map(({ value, at, spoil, bad, other }) => {
        const root = { value: structuredClone(value) as unknown };
        const slots: { holder: Record<string | number, unknown>; key: string | number }[] = [];
        const stack: { holder: Record<string | number, unknown>; key: string | number }[] = [
          { holder: root as Record<string, unknown>, key: 'value' },
        ];
        while (stack.length > 0) {
          const slot = stack.pop()!;
          slots.push(slot);
          const node = slot.holder[slot.key];
          if (typeof node === 'object' && node !== null) {
            for (const key of Object.keys(node)) stack.push({ holder: node as Record<string, unknown>, key });
          }
        }
        const texts = slots.filter((slot) => typeof slot.holder[slot.key] === 'string');
        if (spoil && texts.length > 0) {
          const slot = texts[at % texts.length]!;
          const text = slot.holder[slot.key] as string;
          const cut = at % (text.length + 1);
          slot.holder[slot.key] = text.slice(0, cut) + bad + text.slice(cut);
        } else {
          const slot = slots[at % slots.length]!;
          slot.holder[slot.key] = other;
        }
        return root.value;
      });
  }

  /**
   * JSON text of the schema with one recursive definition nested thousands deep: a filter group
   * inside a group inside a group …, as the route expects it, only far deeper than allowed.
   */
  function deeplyNested(shape: Shape, depths: readonly number[]): fc.Arbitrary<string> | undefined {
    const recursive = Object.keys(shape.defs).filter((name) =>
      JSON.stringify(shape.defs[name]).includes(`"#/$defs/${name}"`),
    );
    if (recursive.length === 0) return undefined;
    // Built once per definition (arbitraries made inside `chain` would be rebuilt for every value).
    const perDefinition = recursive.map((name) => {
      const def = shape.defs[name]!;
      const hole: Mode = { noisy: false, hole: name };
      // The variant that holds the definition again (the group, of all filter types).
      const holds = (schema: Schema) => JSON.stringify(schema).includes(`"#/$defs/${name}"`);
      const variants = (asSchemas(def.oneOf) ?? asSchemas(def.anyOf) ?? [def]).filter(holds);
      const inner = fc.oneof(...variants.map((variant) => shaped(variant, shape, 0, hole)));
      return fc
        .tuple(
          shaped(shape.root, shape, 0, hole),
          inner,
          shaped(def, shape, 3, CLEAN),
          fc.constantFrom(...depths),
        )
        .map(([outerValue, innerValue, leaf, depth]) => {
          const placeholder = JSON.stringify(HOLE);
          const [before, after = ''] = JSON.stringify(innerValue).split(placeholder, 2);
          const nested = before!.repeat(depth) + JSON.stringify(leaf ?? null) + after.repeat(depth);
          return JSON.stringify(outerValue).replace(placeholder, nested).replaceAll(placeholder, '{}');
        });
    });
    return fc.oneof(...perDefinition);
  }

  /** Any value for a schema: clean, with one fault, or noisy throughout. */
  const anyOf = (shape: Shape, schema: Schema = shape.root, refDepth = 0) =>
    fc.oneof(
      shaped(schema, shape, refDepth, CLEAN),
      { weight: 3, arbitrary: oneFault(shaped(schema, shape, refDepth, CLEAN)) },
      { weight: 2, arbitrary: shaped(schema, shape, refDepth, NOISY) },
    );

  // ---------------------------------------------------------------------------------------------
  // Encodings: query strings and path segments as browsers, scripts and attackers write them.

  const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

  /** Percent-encodes text as UTF-8, and a lone surrogate as the bytes a careless encoder writes (ED A0 80). */
  function percentEncode(text: string): string {
    return text
      .split(LONE_SURROGATE)
      .map((part) => encodeURIComponent(part))
      .join('%ED%A0%80');
  }

  const oddEncodings = [
    '%',
    '%Z',
    '%ZZ',
    '%E0%A4%A',
    '%ED%A0%80',
    '%FF',
    '%00',
    '%C0%80',
    '+',
    '%2B',
    '[]',
    '%5B%5D',
    '..',
    '%2e%2e',
  ];
  const encoded = (text: fc.Arbitrary<string>) =>
    fc.oneof(
      { weight: 4, arbitrary: text.map(percentEncode) },
      fc.tuple(text, fc.constantFrom(...oddEncodings)).map(([value, odd]) => percentEncode(value) + odd),
      fc.constantFrom(...oddEncodings),
    );

  const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

  /** A clean and a faulty version of one part of a request (path, query string or body). */
  type Part<T> = { clean: fc.Arbitrary<T>; faulty: fc.Arbitrary<T> };

  let jsonTextsOnce: Part<string> | undefined;
  /** JSON texts shaped like any body the API takes (filters, searches), for JSON in a query string. */
  function jsonTexts(): Part<string> {
    if (jsonTextsOnce) return jsonTextsOnce;
    const shapes = routes.map((route) => jsonSchemaOf(route.schema?.body)).filter((s) => s !== undefined);
    const schemas = shapes.flatMap((shape) => [
      { shape, schema: shape.root, refDepth: 0 },
      ...Object.values(shape.defs).map((schema) => ({ shape, schema, refDepth: 1 })),
    ]);
    const deep = shapes.map((shape) => deeplyNested(shape, [100, 2_000])).filter((a) => a !== undefined);
    jsonTextsOnce = {
      clean: fc.oneof(
        ...schemas.map(({ shape, schema, refDepth }) => shaped(schema, shape, refDepth, CLEAN).map(asText)),
      ),
      faulty: fc.oneof(
        ...schemas.map(({ shape, schema, refDepth }) => anyOf(shape, schema, refDepth).map(asText)),
        ...deep,
        nastyString,
      ),
    };
    return jsonTextsOnce;
  }

  /** Whether any text will do (so JSON may be what is meant: a tile's `filters[]`). */
  const takesAnyText = (schema: Schema) =>
    JSON.stringify(schema).includes('"type":"string"') &&
    !/"(enum|pattern|format|const)"/.test(JSON.stringify(schema));

  function queryOf(route: RouteSummary): Part<string> {
    const shape = jsonSchemaOf(route.schema?.querystring);
    const properties = Object.entries((shape?.root.properties ?? {}) as Record<string, Schema>);
    const required = new Set(Array.isArray(shape?.root.required) ? (shape.root.required as string[]) : []);
    const join = (pairs: (readonly [string, string] | undefined)[]) =>
      pairs
        .filter((pair) => pair !== undefined)
        .map(([name, value]) => `${name}=${value}`)
        .join('&');
    const cleanValue = (schema: Schema) => {
      const own = shaped(schema, shape!, 0, CLEAN).map(asText);
      return takesAnyText(schema) ? fc.oneof(own, jsonTexts().clean) : own;
    };
    const clean = fc
      .tuple(
        ...properties.map(([name, schema]) => {
          const pair = cleanValue(schema).map((value) => [name, percentEncode(value)] as const);
          return required.has(name) ? pair : fc.option(pair, { nil: undefined });
        }),
      )
      .map(join);
    const faultyValue = (schema: Schema | undefined) =>
      fc.oneof(
        { weight: 4, arbitrary: shape && schema ? anyOf(shape, schema).map(asText) : nastyString },
        { weight: 2, arbitrary: jsonTexts().faulty },
        { weight: 1, arbitrary: nasty.map(asText) },
      );
    const named = properties.map(([name, schema]) =>
      fc.option(fc.tuple(fc.constant(name), fc.array(faultyValue(schema), { minLength: 1, maxLength: 2 })), {
        nil: undefined,
        freq: 4,
      }),
    );
    const extra = fc.array(
      fc.tuple(
        fc.oneof(knownWord, nastyString),
        fc.array(faultyValue(undefined), { minLength: 1, maxLength: 2 }),
      ),
      { maxLength: 2 },
    );
    const faulty = fc.tuple(fc.tuple(...named), extra).chain(([chosen, more]) => {
      const pairs = [...chosen.filter((pair) => pair !== undefined), ...more].flatMap(([name, values]) =>
        values.map((v) => [name, v] as const),
      );
      return fc
        .tuple(...pairs.map(([name, v]) => fc.tuple(encoded(fc.constant(name)), encoded(fc.constant(v)))))
        .map(join);
    });
    return { clean, faulty };
  }

  function pathOf(route: RouteSummary): Part<string> {
    const shape = jsonSchemaOf(route.schema?.params);
    const properties = (shape?.root.properties ?? {}) as Record<string, Schema>;
    const segments = (faulty: boolean) =>
      fc
        .tuple(
          ...route.url.split('/').map((segment) => {
            if (!segment.startsWith(':')) return fc.constant(segment);
            const schema = properties[segment.slice(1)];
            if (!faulty)
              return (shape && schema ? shaped(schema, shape, 0, CLEAN).map(asText) : knownWord).map(
                percentEncode,
              );
            const text = fc.oneof(
              { weight: 4, arbitrary: shape && schema ? anyOf(shape, schema).map(asText) : knownWord },
              { weight: 1, arbitrary: nasty.map(asText) },
            );
            return encoded(text.filter((value) => value.length > 0));
          }),
        )
        .map((parts) => parts.join('/'));
    return { clean: segments(false), faulty: segments(true) };
  }

  function bodyOf(route: RouteSummary): Part<string | undefined> {
    if (route.method === 'GET' || route.method === 'DELETE')
      return { clean: fc.constant(undefined), faulty: fc.constant(undefined) };
    const shape = jsonSchemaOf(route.schema?.body);
    const toJson = (value: unknown) => JSON.stringify(value) ?? 'null';
    const broken = fc.constantFrom(
      '',
      '{',
      '{"a":1',
      'nul',
      '"\\ud800"',
      '{"a":"\\u0000"}',
      '[1,]',
      '{"__proto__":{"x":1}}',
    );
    const rawDeep = fc
      .tuple(fc.constantFrom(1_000, 10_000, 100_000), fc.constantFrom('[', '{"a":'))
      .map(([depth, open]) => open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth));
    const deep = shape ? deeplyNested(shape, [65, 1_000, 10_000]) : undefined;
    return {
      clean: shape ? shaped(shape.root, shape, 0, CLEAN).map(toJson) : fc.constant('{}'),
      faulty: fc.oneof(
        { weight: 12, arbitrary: (shape ? anyOf(shape) : nasty).map(toJson) },
        { weight: 1, arbitrary: broken },
        { weight: 1, arbitrary: rawDeep },
        ...(deep ? [{ weight: 2, arbitrary: deep }] : []),
      ),
    };
  }

  return {
    /** Requests with faults in one part (the others clean, so the faults get far) or in all. */
    requestOf: (route: RouteSummary): fc.Arbitrary<FuzzRequest> => {
      const path = pathOf(route);
      const query = queryOf(route);
      const body = bodyOf(route);
      return fc.oneof(
        fc.record({ path: path.faulty, query: query.clean, body: body.clean }),
        fc.record({ path: path.clean, query: query.faulty, body: body.clean }),
        fc.record({ path: path.clean, query: query.clean, body: body.faulty }),
        fc.record({ path: path.faulty, query: query.faulty, body: body.faulty }),
      );
    },
  };
}
