// One run's results as text (the console) and as Markdown (bench/results.md with --markdown), so
// the README's benchmark figures are copied from a generated file, never typed.
import { writeFileSync } from 'node:fs';
import { table } from './harness.mjs';

export class Report {
  constructor(log = console.log) {
    this.log = log;
    this.sections = [];
  }
  // One table with a title and the notes that say how to read it.
  section(title, headers, rows, notes = []) {
    this.sections.push({ title, headers, rows, notes });
    this.log(`\n${title}`);
    this.log(table(headers, rows));
    for (const n of notes) this.log(`  ${n}`);
  }
  markdown(header) {
    const out = [header, ''];
    for (const s of this.sections) {
      out.push(`## ${s.title}`, '', table(s.headers, s.rows), '');
      for (const n of s.notes) out.push(`- ${n}`);
      if (s.notes.length) out.push('');
    }
    return out.join('\n');
  }
  writeMarkdown(file, header) {
    writeFileSync(file, this.markdown(header));
    this.log(`\nwrote ${file}`);
  }
}
