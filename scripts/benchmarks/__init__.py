"""The building blocks of ``scripts/bench.py``: inputs, timers, the result table, and one module per section.

    import random
    import sys

    sys.path.insert(0, "scripts")  # the package lives next to bench.py
    from benchmarks import bundle, corpus, throughput, timing

    names = bundle.installed().names  # lfx_citations.core's names, and the components' functions
    text = corpus.make_answer(random.Random(1), 10_240, 8)
    shape = throughput.streaming(names, list(range(1, 9)), corpus.tokenize(text, random.Random(2)))
    print(timing.median(timing.interleaved({"stream": shape}, rounds=3)["stream"]) / 1e6, "ms")

``registry.SECTIONS`` lists the sections in table order; ``section.Section`` says what one provides.
"""
