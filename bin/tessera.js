#!/usr/bin/env node
// The `tessera` command. npm scripts and npx put the project's pinned Node.js 24 first on PATH.
import '../src/cli/main.ts';
