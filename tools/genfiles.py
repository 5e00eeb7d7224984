"""Shared by the generators of committed files (tools/gen_avr_*.py): write the files,
or with --check compare them with what is committed (CI: scripts/check.sh)."""
import os


def write_or_check(files, root, check, prog, what):
    """files: {path relative to root: text}. Returns 1 if --check found a file out of
    date, else 0; prints one line per stale file and a summary line when all agree."""
    bad = 0
    for path, text in files.items():
        full = os.path.join(root, path)
        if check:
            try:
                with open(full) as f:
                    cur = f.read()
            except OSError:
                cur = None
            if cur != text:
                print('%s: out of date (run python3 tools/%s)' % (path, prog))
                bad = 1
        else:
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, 'w') as f:
                f.write(text)
    if check and not bad:
        print('port/avr: %d %sfiles up to date' % (len(files), what))
    return bad
