import Typography from '@mui/material/Typography';

/** Plain catalogue text as paragraphs (blank lines separate them); never interpreted as HTML. */
export function Paragraphs({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((p, i) => (
        <Typography
          key={i}
          variant="body1"
          sx={{ mt: i === 0 ? 0 : 3, whiteSpace: 'pre-line', maxWidth: '68ch' }}
        >
          {p}
        </Typography>
      ))}
    </>
  );
}
