# The bot's image, for compose.yaml: the package and its dependencies, started with `python -m bot`.
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY renderers ./renderers
RUN pip install --no-cache-dir .
# No config.toml in the image: each process mounts its own (deploy/) and gets the token and the
# database URL from the environment.
CMD ["python", "-m", "bot"]
