#!/usr/bin/env python3
"""Writes corpus.txt, the input of spec/programs/word_frequency.rb.

About 1.2 MB of English-like prose, the same on every run (a fixed seed):
words drawn from a Zipf-like distribution over a vocabulary of common
English words and made-up ones, in sentences with capitals, commas,
quotes, contractions, hyphenated words, numbers and paragraph breaks.

Usage: python3 make_corpus.py  (from this directory)
"""

import random

COMMON = """the of and to in a is that for it as was with be by on not he i this
are or his from at which but have an they you were her she there been one all
we their has would when if so no will more can said what up its about into
them than out only other some time could these two may then do first any my
now such like our over man me even most made after also did many before must
through back years where much your way well down should because each just those
people how too little state good very make world still own see men work long
get here between both life being under never day same another know while last
might us great old year off come since against go came right used take three
""".split()

CONTRACTIONS = "don't it's can't won't i'm you're they're isn't wasn't we'll".split()

SYLLABLES = "ka ro mi sel tan vor du li ne pra quo fen zu ar bel cor dis ent ful".split()


def made_up_words(rng, count):
    words = set()
    while len(words) < count:
        n = rng.choice([2, 2, 3, 3, 4])
        words.add("".join(rng.choice(SYLLABLES) for _ in range(n)))
    return sorted(words)


def main():
    rng = random.Random(20261122)
    vocabulary = COMMON + made_up_words(rng, 4000)
    weights = [1.0 / (rank + 1) ** 1.05 for rank in range(len(vocabulary))]
    paragraphs = []
    size = 0
    while size < 1_200_000:
        sentences = []
        for _ in range(rng.randint(2, 7)):
            words = rng.choices(vocabulary, weights, k=rng.randint(4, 22))
            for i in range(len(words)):
                roll = rng.random()
                if roll < 0.02:
                    words[i] = rng.choice(CONTRACTIONS)
                elif roll < 0.03:
                    words[i] = words[i] + "-" + rng.choice(vocabulary)
                elif roll < 0.035:
                    words[i] = str(rng.randint(1, 2026))
                elif roll < 0.05:
                    words[i] = words[i].capitalize()
                elif roll < 0.07:
                    words[i] = words[i] + ","
            if rng.random() < 0.1:
                words[0] = '"' + words[0]
                words[-1] = words[-1] + '"'
            sentence = " ".join(words)
            sentence = sentence[0].upper() + sentence[1:] if sentence[0] != '"' else '"' + sentence[1].upper() + sentence[2:]
            sentences.append(sentence + rng.choice([".", ".", ".", "!", "?", ";"]))
        paragraph = " ".join(sentences)
        lines, line = [], ""
        for word in paragraph.split(" "):
            if len(line) + len(word) + 1 > 72:
                lines.append(line)
                line = word
            else:
                line = word if not line else line + " " + word
        lines.append(line)
        text = "\n".join(lines)
        paragraphs.append(text)
        size += len(text) + 2
    with open("corpus.txt", "w") as out:
        out.write("\n\n".join(paragraphs) + "\n")


if __name__ == "__main__":
    main()
