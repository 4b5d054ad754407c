import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

const DECIMAL = /^-?\d{1,12}(\.\d{1,2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A string literal's value, for the `…Literal` coercers; anything else is refused. */
function stringLiteral(node: ValueNode, name: string): string {
  if (node.kind !== Kind.STRING) throw new GraphQLError(`${name} must be given as a string`);
  return node.value;
}

/**
 * Money as a string with two decimals (`"-12.50"`): exact, unlike a JSON number. The database's
 * `numeric(14, 2)` already reads as such a string.
 */
export const Decimal = new GraphQLScalarType<string, string>({
  name: 'Decimal',
  coerceOutputValue(value) {
    if (typeof value === 'number' && Number.isFinite(value)) return value.toFixed(2);
    if (typeof value === 'string' && DECIMAL.test(value)) return Number(value).toFixed(2);
    throw new GraphQLError(`Decimal cannot represent ${String(value)}`);
  },
  coerceInputValue(value) {
    if (typeof value === 'string' && DECIMAL.test(value)) return value;
    throw new GraphQLError('Decimal must be a string like "12.50"');
  },
  coerceInputLiteral(node) {
    const value = stringLiteral(node, 'Decimal');
    if (!DECIMAL.test(value)) throw new GraphQLError('Decimal must be a string like "12.50"');
    return value;
  },
});

/** ISO 8601 calendar date; the database's `date` reads as `YYYY-MM-DD`. */
export const DateScalar = new GraphQLScalarType<string, string>({
  name: 'Date',
  coerceOutputValue(value) {
    if (typeof value === 'string' && DATE.test(value)) return value;
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    throw new GraphQLError(`Date cannot represent ${String(value)}`);
  },
  coerceInputValue(value) {
    if (typeof value === 'string' && DATE.test(value)) return value;
    throw new GraphQLError('Date must be a string YYYY-MM-DD');
  },
  coerceInputLiteral(node) {
    const value = stringLiteral(node, 'Date');
    if (!DATE.test(value)) throw new GraphQLError('Date must be a string YYYY-MM-DD');
    return value;
  },
});

const toInstant = (value: unknown): string => {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime()))
    throw new GraphQLError(`DateTime cannot represent ${String(value)}`);
  return date.toISOString();
};

/** An instant, ISO 8601 in UTC. */
export const DateTime = new GraphQLScalarType<string, string>({
  name: 'DateTime',
  coerceOutputValue: toInstant,
  coerceInputValue: toInstant,
  coerceInputLiteral: (node) => toInstant(stringLiteral(node, 'DateTime')),
});
