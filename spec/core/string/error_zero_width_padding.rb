"abc".center(10, "")
