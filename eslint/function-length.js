/**
 * `moneta/function-length`: a function holds one step of work, so it stays under a page
 * (`max` lines, 150). Factories (`createX`) are exempt, because their length is a list, not logic:
 * their body is the object of methods they return, and each method is checked on its own.
 * A test file's `describe` callbacks are functions like any other: a long group is split into
 * groups by what they cover. ESLint's own `max-lines-per-function` cannot exempt by name.
 */
const FACTORY = /^create[A-Z]/;

function nameOf(node) {
  if (node.id?.name) return node.id.name;
  const parent = node.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier')
    return parent.id.name;
  if (
    (parent?.type === 'Property' || parent?.type === 'MethodDefinition') &&
    parent.key.type === 'Identifier'
  ) {
    return parent.key.name;
  }
  return undefined;
}

export const functionLength = {
  meta: {
    type: 'suggestion',
    schema: [
      { type: 'object', properties: { max: { type: 'integer' } }, additionalProperties: false },
    ],
    messages: {
      tooLong:
        '{{name}} has {{lines}} lines (at most {{max}}): split it into named steps (factories `createX` are exempt).',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 150;
    function check(node) {
      const lines = node.loc.end.line - node.loc.start.line + 1;
      if (lines <= max) return;
      const name = nameOf(node);
      if (name && FACTORY.test(name)) return;
      context.report({
        node,
        messageId: 'tooLong',
        data: { name: name ? `'${name}'` : 'This function', lines, max },
      });
    }
    return {
      FunctionDeclaration: check,
      FunctionExpression: check,
      ArrowFunctionExpression: check,
    };
  },
};
