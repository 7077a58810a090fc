/**
 * `moneta/function-length`: a function holds one step of work, so it stays under a page
 * (`max` lines, 150). Two kinds are exempt, because their length is a list, not logic:
 * - factories (`createX`), whose body is the object of methods they return — each method is
 *   checked on its own;
 * - a test file's `describe` callbacks, which group cases — each case (`it`) is checked.
 * ESLint's own `max-lines-per-function` cannot tell these apart by name.
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

function isDescribeCallback(node) {
  const call = node.parent;
  if (call?.type !== 'CallExpression' || !call.arguments.includes(node)) return false;
  let callee = call.callee;
  // describe.each(table)(name, fn) and the other forms of describe (a modifier after a dot)
  if (callee.type === 'CallExpression') callee = callee.callee;
  if (callee.type === 'MemberExpression') callee = callee.object;
  return callee.type === 'Identifier' && callee.name === 'describe';
}

export const functionLength = {
  meta: {
    type: 'suggestion',
    schema: [
      { type: 'object', properties: { max: { type: 'integer' } }, additionalProperties: false },
    ],
    messages: {
      tooLong:
        '{{name}} has {{lines}} lines (at most {{max}}): split it into named steps (factories `createX` and `describe` groups are exempt).',
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 150;
    function check(node) {
      const lines = node.loc.end.line - node.loc.start.line + 1;
      if (lines <= max) return;
      const name = nameOf(node);
      if (name && FACTORY.test(name)) return;
      if (isDescribeCallback(node)) return;
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
