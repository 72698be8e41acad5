# Sourced by scripts/run and scripts/test: make .venv hold ygui (editable) with the given extra.
# pip runs only when .venv is new or pyproject.toml (or the extra, or the Python) changed since
# the last install, so a relaunch starts at once; the code itself is installed editable.
ensure_venv() {
    local extra=$1 py=${PYTHON:-python3} stamp want
    if [ ! -x .venv/bin/python ]; then
        "$py" -m venv .venv
    fi
    stamp=.venv/ygui-installed${extra:+-$extra}
    want="$( (cat pyproject.toml; .venv/bin/python -VV) | sha256sum | cut -d' ' -f1)"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        echo "Setting up .venv (once; later starts skip this)..."
        .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
        # (setuptools warns of every editable install that a folder named like the package may
        # shadow it: here that folder is the package itself)
        PYTHONWARNINGS="ignore:Editable installation" .venv/bin/python -m pip install \
            --quiet --disable-pip-version-check -e ".${extra:+[$extra]}"
        echo "$want" >"$stamp"
    fi
}
