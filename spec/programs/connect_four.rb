# Board-game search: tic-tac-toe solved with minimax, then a connect-four
# tournament between a random player (retrying illegal moves), a greedy player
# and alpha-beta negamax players of different depths. Exercises class
# hierarchies, abstract methods, non-local returns from blocks, custom
# exceptions with retry, and arrays of arrays.
#
# Usage: connect_four.rb [N] -- play N tournament games (default 4).
# Benchmark: `ruby connect_four.rb 80` takes about 1.6 s on MRI 3.1.2 (1.3 s with --yjit).

class Lcg
  def initialize(seed)
    @state = seed & 0xffffffff
  end

  def next_int(bound)
    @state = (@state * 1664525 + 1013904223) & 0xffffffff
    ((@state >> 16) * bound) >> 16
  end
end

class GameError < StandardError; end

class IllegalMove < GameError
  attr_reader :column

  def initialize(column, reason)
    @column = column
    super("illegal move in column #{column}: #{reason}")
  end
end

class TicTacToe
  LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]

  attr_reader :nodes

  def initialize
    @cells = Array.new(9, nil)
    @nodes = 0
  end

  def winner
    LINES.each do |a, b, c|
      return @cells[a] if @cells[a] && @cells[a] == @cells[b] && @cells[a] == @cells[c]
    end
    nil
  end

  def free = (0...9).select { |i| @cells[i].nil? }

  def minimax(player, alpha = -2, beta = 2)
    @nodes += 1
    w = winner
    return(w == "X" ? 1 : -1) if w
    moves = free
    return 0 if moves.empty?
    best = player == "X" ? -2 : 2
    moves.each do |i|
      @cells[i] = player
      score = minimax(player == "X" ? "O" : "X", alpha, beta)
      @cells[i] = nil
      if player == "X"
        best = score if score > best
        alpha = best if best > alpha
      else
        best = score if score < best
        beta = best if best < beta
      end
      break if alpha >= beta
    end
    best
  end

  def best_move(player)
    best = nil
    best_score = nil
    free.each do |i|
      @cells[i] = player
      score = minimax(player == "X" ? "O" : "X")
      @cells[i] = nil
      score = -score if player == "O"
      if best_score.nil? || score > best_score
        best = i
        best_score = score
      end
    end
    [best, best_score]
  end

  def play(i, player)
    @cells[i] = player
  end

  def rows = [0, 3, 6].map { |r| @cells[r, 3].map { |c| c || "." }.join }
end

class Board
  WIDTH = 7
  HEIGHT = 6
  ORDER = [3, 2, 4, 1, 5, 0, 6]
  DIRECTIONS = [[1, 0], [0, 1], [1, 1], [1, -1]]
  WINDOWS = []
  WIDTH.times do |c|
    HEIGHT.times do |r|
      DIRECTIONS.each do |dc, dr|
        ec = c + 3 * dc
        er = r + 3 * dr
        next if ec >= WIDTH || er < 0 || er >= HEIGHT
        WINDOWS << (0...4).map { |k| [c + k * dc, r + k * dr] }
      end
    end
  end

  attr_reader :moves

  def initialize
    @columns = Array.new(WIDTH) { [] }
    @moves = []
  end

  def at(c, r) = @columns[c][r]

  def play(col, piece)
    raise IllegalMove.new(col, "no such column") if col < 0 || col >= WIDTH
    raise IllegalMove.new(col, "column is full") if @columns[col].size >= HEIGHT
    @columns[col] << piece
    @moves << col
    self
  end

  def undo
    col = @moves.pop
    @columns[col].pop
  end

  def legal_moves = ORDER.select { |c| @columns[c].size < HEIGHT }
  def full? = @moves.size == WIDTH * HEIGHT

  def winning_move?(col)
    r = @columns[col].size - 1
    piece = @columns[col][r]
    DIRECTIONS.any? do |dc, dr|
      1 + run_length(col, r, dc, dr, piece) + run_length(col, r, -dc, -dr, piece) >= 4
    end
  end

  def render
    rows = (0...HEIGHT).to_a.reverse.map do |r|
      "|" + (0...WIDTH).map { |c| at(c, r) || "." }.join + "|"
    end
    rows << "+" + "-" * WIDTH + "+"
    rows
  end

  private

  def run_length(c, r, dc, dr, piece)
    n = 0
    loop do
      c += dc
      r += dr
      break if c < 0 || c >= WIDTH || r < 0 || r >= HEIGHT
      break unless @columns[c][r] == piece
      n += 1
    end
    n
  end
end

class Player
  attr_reader :name
  attr_accessor :piece

  def initialize(name)
    @name = name
  end

  def opponent = piece == "X" ? "O" : "X"

  def choose(board)
    raise NotImplementedError, "#{self.class.name} must implement choose"
  end

  def to_s = name
end

class RandomPlayer < Player
  attr_reader :retries

  def initialize(name, seed)
    super(name)
    @rng = Lcg.new(seed)
    @retries = 0
  end

  def choose(board)
    attempts = 0
    begin
      attempts += 1
      col = @rng.next_int(Board::WIDTH + 1)
      board.play(col, piece)
      board.undo
      col
    rescue IllegalMove
      @retries += 1
      retry if attempts < 20
      board.legal_moves.first
    end
  end
end

class GreedyPlayer < Player
  def choose(board)
    [piece, opponent].each do |who|
      board.legal_moves.each do |c|
        board.play(c, who)
        wins = board.winning_move?(c)
        board.undo
        return c if wins
      end
    end
    board.legal_moves.first
  end
end

class AlphaBetaPlayer < Player
  WIN = 100_000

  attr_reader :nodes

  def initialize(name, depth)
    super(name)
    @depth = depth
    @nodes = 0
  end

  def choose(board)
    best = nil
    best_score = -WIN * 10
    board.legal_moves.each do |c|
      score = score_move(board, c, piece, @depth, best_score, WIN * 10)
      if score > best_score
        best_score = score
        best = c
      end
    end
    best
  end

  private

  def score_move(board, col, who, depth, alpha, beta)
    board.play(col, who)
    score = if board.winning_move?(col)
              WIN + depth
            elsif board.full?
              0
            else
              -negamax(board, depth - 1, -beta, -alpha, who == "X" ? "O" : "X")
            end
    board.undo
    score
  end

  def negamax(board, depth, alpha, beta, who)
    @nodes += 1
    return evaluate(board, who) if depth == 0
    best = -WIN * 10
    board.legal_moves.each do |c|
      score = score_move(board, c, who, depth, alpha, beta)
      best = score if score > best
      alpha = score if score > alpha
      break if alpha >= beta
    end
    best
  end

  def evaluate(board, who)
    total = 0
    Board::WINDOWS.each do |window|
      mine = 0
      theirs = 0
      window.each do |c, r|
        p = board.at(c, r)
        next if p.nil?
        if p == who
          mine += 1
        else
          theirs += 1
        end
      end
      next if mine > 0 && theirs > 0
      total += [0, 1, 4, 16][mine] if theirs == 0
      total -= [0, 1, 5, 20][theirs] if mine == 0
    end
    Board::HEIGHT.times { |r| total += 2 if board.at(3, r) == who }
    total
  end
end

Result = Struct.new(:winner, :moves, :board)

class Match
  def initialize(first, second)
    @players = [first, second]
    first.piece = "X"
    second.piece = "O"
  end

  def play
    board = Board.new
    turn = 0
    until board.full?
      player = @players[turn % 2]
      col = player.choose(board)
      board.play(col, player.piece)
      yield player, col if block_given?
      return Result.new(player, board.moves.size, board) if board.winning_move?(col)
      turn += 1
    end
    Result.new(nil, board.moves.size, board)
  end
end

games = ARGV[0] ? ARGV[0].to_i : 4

puts "== tic-tac-toe =="
ttt = TicTacToe.new
puts "value of empty board: #{ttt.minimax('X')} (#{ttt.nodes} nodes)"
player = "X"
9.times do
  break if ttt.winner || ttt.free.empty?
  move, score = ttt.best_move(player)
  ttt.play(move, player)
  puts "#{player} plays #{move} (expects #{score})"
  player = player == "X" ? "O" : "X"
end
puts ttt.rows
puts "winner: #{ttt.winner || 'draw'}"

puts "== illegal moves =="
board = Board.new
begin
  7.times { board.play(2, "X") }
rescue IllegalMove => e
  puts "#{e.message} after #{board.moves.size} moves"
end
begin
  board.play(9, "O")
rescue GameError => e
  puts "#{e.class}: #{e.message}"
end
begin
  Player.new("abstract").choose(board)
rescue NotImplementedError => e
  puts "#{e.class}: #{e.message}"
end

puts "== tournament =="
roster = [
  ->(seed) { RandomPlayer.new("random", seed) },
  ->(_seed) { GreedyPlayer.new("greedy") },
  ->(_seed) { AlphaBetaPlayer.new("ab2", 2) },
  ->(_seed) { AlphaBetaPlayer.new("ab3", 3) }
]
pairings = []
roster.each_index { |i| roster.each_index { |j| pairings << [i, j] if i != j } }
wins = Array.new(roster.size, 0)
draws = 0
checksum = 0
games.times do |g|
  i, j = pairings[g % pairings.size]
  first = roster[i].call(g * 31 + 7)
  second = roster[j].(g * 17 + 3)
  trace = []
  result = Match.new(first, second).play { |pl, col| trace << "#{pl.piece}#{col}" }
  checksum = (checksum * 7 + (0...result.moves).sum { |k| (result.board.moves[k] + 1) * (k + 1) }) % 1_000_000_007
  if result.winner
    wins[result.winner.equal?(first) ? i : j] += 1
    outcome = "#{result.winner.name} wins"
  else
    draws += 1
    outcome = "draw"
  end
  puts "game #{g + 1}: #{first.name} (X) vs #{second.name} (O): #{outcome} in #{result.moves} moves"
  trace.each_slice(14) { |s| puts "  " + s.join(" ") }
  if g < 4
    puts result.board.render
  end
  [first, second].each do |pl|
    puts "  #{pl.name} searched #{pl.nodes} nodes" if pl.is_a?(AlphaBetaPlayer)
    puts "  #{pl.name} retried #{pl.retries} times" if pl.respond_to?(:retries)
  end
end
puts "== standings =="
roster.each_with_index do |maker, i|
  puts "#{maker[0].name.ljust(7)} #{wins[i]} wins"
end
puts "draws #{draws}"
puts "checksum #{checksum}"
# spec: skip-mode gc-stress 41.0 s under --gc-stress in a release build, some fifty times that in the debug build cargo test runs
