/**
 * A firm's template: its styles (word/styles.xml, given to docx as `externalStyles`) and its theme,
 * whose fonts and colours those styles may refer to. The builders' own styles then fill in only
 * the style ids the template lacks, so a firm's "Normal", "Heading1" and "Title" win.
 */
import { readTheme, type IThemeOptions } from 'docx';
import { readZipEntry, ZipFormatError } from './zip.ts';

export interface TemplateStyles {
  externalStyles: string;
  theme?: IThemeOptions;
  /** Style ids the template defines. */
  styleIds: ReadonlySet<string>;
}

export class TemplateError extends Error {
  override name = 'TemplateError';
}

export function readTemplateStyles(template: Buffer): TemplateStyles {
  let styles: Buffer | null;
  try {
    styles = readZipEntry(template, 'word/styles.xml');
  } catch (e) {
    if (e instanceof ZipFormatError) throw new TemplateError(`the template is not a .docx package: ${e.message}`);
    throw e;
  }
  if (!styles) throw new TemplateError('the template has no word/styles.xml part');
  const externalStyles = styles.toString('utf8');
  const styleIds = new Set([...externalStyles.matchAll(/<w:style\b[^>]*\bw:styleId="([^"]+)"/g)].map((m) => m[1]));
  let theme: IThemeOptions | undefined;
  try {
    theme = readTheme(template);
  } catch {
    theme = undefined; // a template without a theme part keeps docx's default theme
  }
  return { externalStyles, theme, styleIds };
}
