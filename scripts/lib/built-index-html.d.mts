/** Types of built-index-html.mjs, for the API's tests. */
export declare function builtIndexHtml(headTags: readonly string[]): string;
