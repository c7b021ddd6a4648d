// ML-KEM polynomial arithmetic core (FIPS 203 §4.3, q = 3329, n = 256):
// forward NTT (Alg. 9, seven layers, then a Barrett reduction of every
// coefficient), inverse NTT times the Montgomery factor 2^16 (Alg. 10, with
// a Barrett reduction of every sum and a final multiplication by
// 2^32/128 mod q = 1441), and the accumulated base-case multiplication
// r += a ∘ b · 2^-16 (Alg. 11/12). Bit-exact with pqlab's portable kernels:
// signed 16-bit wrap-around arithmetic, Montgomery products
// fqmul(a, b) = (a*b - t*q) >> 16 with t = low16(a*b) * q^-1, and Barrett
// reduction a - q * ((floor(a * 20159 / 2^16) + 2^9) >> 10).
//
// Datapath: the NTT butterfly pipeline of mldsa_ntt_core at 16 bits (one
// butterfly per clock, five stages, 4 idle cycles between layers), and a
// three-stage base-multiplication pipeline (five Montgomery products) that
// finishes one degree-one pair per clock.
//
// Interfaces: AXI4-Lite registers and 64-bit AXI4-Stream, four coefficients
// per beat (bits 15:0 the lowest index), 64 beats per polynomial. Register
// map (byte addresses):
//   0x00 CTRL   (W)  bit0 START, bit1 LOAD bank OP[5:4] (0 = A, 1 = B, 2 = C),
//                    bit2 UNLOAD bank A
//   0x04 OP     (RW) [1:0] 0 NTT, 1 INVNTT, 2 BASEMUL_ACC (A = C + A∘B); [5:4] bank
//   0x08 STATUS (R)  bit0 busy, bit1 done, bit2 loading, bit3 unloading
//   0x0C CYCLES (R)  clocks from START to done of the last operation
//   0x10 ID     (R)  0x4B454D31 ("KEM1")
`default_nettype none
module mlkem_ntt_core (
    input  wire        clk,
    input  wire        rst_n,
    input  wire [7:0]  s_axil_awaddr,
    input  wire        s_axil_awvalid,
    output wire        s_axil_awready,
    input  wire [31:0] s_axil_wdata,
    input  wire [3:0]  s_axil_wstrb,
    input  wire        s_axil_wvalid,
    output wire        s_axil_wready,
    output wire [1:0]  s_axil_bresp,
    output wire        s_axil_bvalid,
    input  wire        s_axil_bready,
    input  wire [7:0]  s_axil_araddr,
    input  wire        s_axil_arvalid,
    output wire        s_axil_arready,
    output wire [31:0] s_axil_rdata,
    output wire [1:0]  s_axil_rresp,
    output wire        s_axil_rvalid,
    input  wire        s_axil_rready,
    input  wire [63:0] s_axis_tdata,
    input  wire        s_axis_tvalid,
    output wire        s_axis_tready,
    input  wire        s_axis_tlast,
    output wire [63:0] m_axis_tdata,
    output wire        m_axis_tvalid,
    input  wire        m_axis_tready,
    output wire        m_axis_tlast
);
`include "mlkem_zetas.vh"

  localparam OP_NTT = 2'd0, OP_BASEMUL = 2'd2;  // 1: INVNTT
  localparam K_CT = 2'd0, K_GS = 2'd1, K_MUL = 2'd2, K_BARRETT = 2'd3;
  localparam ST_IDLE = 3'd0, ST_LAYERS = 3'd1, ST_MAP = 3'd2, ST_DRAIN = 3'd3, ST_BASEMUL = 3'd4;
  // Q, QINV, INV_F and BARRETT_V come with the twiddles from gen_tables.py.

  /* verilator lint_off UNUSEDSIGNAL */
  // a · b · 2^-16 mod q (signed Montgomery product), q^-1 mod 2^16 = -3327.
  function [15:0] fqmul;
    input [15:0] a;
    input [15:0] b;
    reg signed [31:0] p, d;
    reg [15:0] t;
    begin
      p = $signed(a) * $signed(b);
      t = p[15:0] * QINV;
      d = p - $signed(t) * Q;
      fqmul = d[31:16];
    end
  endfunction

  // Barrett reduction of an int16 to (-q/2, q/2] (mlkem_field.hpp).
  function [15:0] barrett;
    input [15:0] a;
    reg signed [31:0] prod;
    reg signed [16:0] hq;
    reg signed [6:0] quot;
    reg [15:0] qq;
    begin
      prod = $signed(a) * BARRETT_V;
      hq = $signed({prod[31], prod[31:16]}) + 17'sd512;
      quot = hq[16:10];
      qq = $signed(quot) * Q;
      barrett = a - qq;
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- registers over AXI4-Lite ----
  wire        reg_we;
  wire [7:0]  reg_waddr, reg_raddr;
  wire [31:0] reg_wdata;
  reg  [31:0] reg_rdata;
  pq_axil_regs #(.ADDR_W(8)) axil (
      .clk(clk), .rst_n(rst_n),
      .s_axil_awaddr(s_axil_awaddr), .s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
      .s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb), .s_axil_wvalid(s_axil_wvalid),
      .s_axil_wready(s_axil_wready), .s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
      .s_axil_bready(s_axil_bready), .s_axil_araddr(s_axil_araddr), .s_axil_arvalid(s_axil_arvalid),
      .s_axil_arready(s_axil_arready), .s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
      .s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
      .reg_we(reg_we), .reg_waddr(reg_waddr), .reg_wdata(reg_wdata), .reg_raddr(reg_raddr),
      .reg_rdata(reg_rdata));

  reg [1:0]  op;
  reg [1:0]  bank;
  reg        busy, done;
  reg [31:0] cycles;
  reg        loading, unloading;
  reg [5:0]  load_ptr, unload_ptr;
  reg [1:0]  load_bank;

  always @(*) begin
    case (reg_raddr)
      8'h04: reg_rdata = {26'd0, bank, 2'd0, op};
      8'h08: reg_rdata = {28'd0, unloading, loading, done, busy};
      8'h0C: reg_rdata = cycles;
      8'h10: reg_rdata = 32'h4B454D31;
      default: reg_rdata = 32'd0;
    endcase
  end

  wire ctrl_we = reg_we && reg_waddr == 8'h00;
  wire start   = ctrl_we && reg_wdata[0] && !busy;

  reg [15:0] mem_a [0:255];
  reg [15:0] mem_b [0:255];
  reg [15:0] mem_c [0:255];

  assign s_axis_tready = loading;
  wire load_beat = s_axis_tvalid && loading;
  assign m_axis_tvalid = unloading;
  assign m_axis_tdata  = {mem_a[{unload_ptr, 2'd3}], mem_a[{unload_ptr, 2'd2}],
                          mem_a[{unload_ptr, 2'd1}], mem_a[{unload_ptr, 2'd0}]};
  assign m_axis_tlast  = unloading && unload_ptr == 6'd63;
  wire unload_beat = unloading && m_axis_tready;

  // ---- sequencer ----
  reg [2:0] state;
  reg [2:0] layer;
  reg [7:0] idx;
  reg       v1, v2, v3, bv1, bv2;
  reg       map_done;

  // NTT layer l: len = 128 >> l, zeta index 2^l + g. INVNTT layer l:
  // len = 2 << l, zeta index 128/2^l - 1 - g (FIPS 203 Alg. 9 / 10).
  wire [2:0] lg_len = (op == OP_NTT) ? 3'd7 - layer : layer + 3'd1;
  wire [6:0] bf = idx[6:0];
  wire [6:0] grp = bf >> lg_len;
  wire [6:0] jj = bf & ((7'd1 << lg_len) - 7'd1);
  wire [8:0] i0w = ({2'd0, grp} << (lg_len + 3'd1)) | {2'd0, jj};
  wire [7:0] i0 = i0w[7:0];
  wire [7:0] i1 = i0 + (8'd1 << lg_len);
  wire [7:0] zeta_k_inv = (8'd128 >> layer) - 8'd1 - {1'b0, grp};
  wire [6:0] zeta_k = (op == OP_NTT) ? ((7'd1 << layer) + grp) : zeta_k_inv[6:0];
  wire [15:0] zeta = mlkem_zeta(zeta_k);

  wire [7:0] ra0 = (state == ST_MAP) ? idx : i0;
  wire issue = (state == ST_LAYERS) || (state == ST_MAP);

  // S0: the addresses and the twiddle, registered, so that the memory read
  // of S1 starts from flip-flops (the address arithmetic and the read
  // multiplexer would otherwise be one long path).
  reg        v0, map0;
  reg [7:0]  ra0_0, i1_0;
  reg [15:0] zeta0;
  always @(posedge clk) begin
    v0 <= issue;
    map0 <= (state == ST_MAP);
    ra0_0 <= ra0;
    i1_0 <= i1;
    zeta0 <= zeta;
  end

  wire [15:0] a0 = mem_a[ra0_0];
  wire [15:0] a1 = mem_a[i1_0];

  reg [15:0] x1, z1, s1, s2, s3, t3;
  reg        bar1;
  reg [1:0]  k1, k2, k3;
  reg [7:0]  w0_1, w1_1, w0_2, w1_2, w0_3, w1_3;
  reg signed [31:0] p2, p3;

  always @(posedge clk) begin
    v1 <= v0;
    w0_1 <= ra0_0;
    w1_1 <= i1_0;
    bar1 <= 1'b0;
    if (map0) begin
      x1 <= a0;
      z1 <= INV_F;
      s1 <= a0;
      bar1 <= (op == OP_NTT);
      k1 <= (op == OP_NTT) ? K_BARRETT : K_MUL;
    end else if (op == OP_NTT) begin
      x1 <= a1;  // Cooley-Tukey: a0 ± fqmul(zeta, a1)
      z1 <= zeta0;
      s1 <= a0;
      k1 <= K_CT;
    end else begin
      x1 <= a1 - a0;  // Gentleman-Sande: (barrett(a0 + a1), fqmul(zeta, a1 - a0))
      z1 <= zeta0;
      s1 <= a0 + a1;
      bar1 <= 1'b1;
      k1 <= K_GS;
    end
    v2 <= v1;
    p2 <= $signed(x1) * $signed(z1);
    s2 <= bar1 ? barrett(s1) : s1;
    k2 <= k1;
    w0_2 <= w0_1;
    w1_2 <= w1_1;
    v3 <= v2;
    p3 <= p2;
    t3 <= p2[15:0] * QINV;
    s3 <= s2;
    k3 <= k2;
    w0_3 <= w0_2;
    w1_3 <= w1_2;
  end

  wire signed [31:0] diff = p3 - $signed(t3) * Q;
  wire [15:0] r = diff[31:16];
  reg [15:0] d0, d1;
  always @(*) begin
    case (k3)
      K_CT:      begin d0 = s3 + r; d1 = s3 - r; end
      K_GS:      begin d0 = s3;     d1 = r;      end
      K_MUL:     begin d0 = r;      d1 = r;      end
      default:   begin d0 = s3;     d1 = s3;     end
    endcase
  end
  wire we1 = v3 && (k3 == K_CT || k3 == K_GS);

  // ---- base multiplication: pair p = idx[6:0], coefficients 2p, 2p+1 ----
  // gamma = ±zetas[64 + p/2] (+ for even p), FIPS 203 Alg. 11/12.
  wire [6:0]  pair = idx[6:0];
  wire [15:0] gz = mlkem_zeta({1'b1, pair[6:1]});
  reg  [15:0] ba0, ba1, bb0, bb1, br0, br1, bg, br0_2, br1_2, bg_2;
  reg  [15:0] m00, m11, m01, m10;
  reg  [6:0]  bp1, bp2;
  always @(posedge clk) begin
    bv1 <= (state == ST_BASEMUL);
    ba0 <= mem_a[{pair, 1'b0}];
    ba1 <= mem_a[{pair, 1'b1}];
    bb0 <= mem_b[{pair, 1'b0}];
    bb1 <= mem_b[{pair, 1'b1}];
    br0 <= mem_c[{pair, 1'b0}];
    br1 <= mem_c[{pair, 1'b1}];
    bg  <= pair[0] ? 16'd0 - gz : gz;
    bp1 <= pair;
    bv2 <= bv1;
    m00 <= fqmul(ba0, bb0);
    m11 <= fqmul(ba1, bb1);
    m01 <= fqmul(ba0, bb1);
    m10 <= fqmul(ba1, bb0);
    br0_2 <= br0;
    br1_2 <= br1;
    bg_2 <= bg;
    bp2 <= bp1;
  end
  wire [15:0] c0 = fqmul(m11, bg_2) + m00;
  wire [15:0] c1 = m01 + m10;

  always @(posedge clk) begin
    if (load_beat && load_bank == 2'd0) begin
      mem_a[{load_ptr, 2'd0}] <= s_axis_tdata[15:0];
      mem_a[{load_ptr, 2'd1}] <= s_axis_tdata[31:16];
      mem_a[{load_ptr, 2'd2}] <= s_axis_tdata[47:32];
      mem_a[{load_ptr, 2'd3}] <= s_axis_tdata[63:48];
    end
    if (v3) mem_a[w0_3] <= d0;
    if (we1) mem_a[w1_3] <= d1;
    if (bv2) begin
      mem_a[{bp2, 1'b0}] <= br0_2 + c0;
      mem_a[{bp2, 1'b1}] <= br1_2 + c1;
    end
  end
  always @(posedge clk) begin
    if (load_beat && load_bank == 2'd1) begin
      mem_b[{load_ptr, 2'd0}] <= s_axis_tdata[15:0];
      mem_b[{load_ptr, 2'd1}] <= s_axis_tdata[31:16];
      mem_b[{load_ptr, 2'd2}] <= s_axis_tdata[47:32];
      mem_b[{load_ptr, 2'd3}] <= s_axis_tdata[63:48];
    end
    if (load_beat && load_bank == 2'd2) begin
      mem_c[{load_ptr, 2'd0}] <= s_axis_tdata[15:0];
      mem_c[{load_ptr, 2'd1}] <= s_axis_tdata[31:16];
      mem_c[{load_ptr, 2'd2}] <= s_axis_tdata[47:32];
      mem_c[{load_ptr, 2'd3}] <= s_axis_tdata[63:48];
    end
  end

  wire pipe_empty = !v0 && !v1 && !v2 && !v3 && !bv1 && !bv2;

  always @(posedge clk) begin
    if (!rst_n || start) map_done <= 1'b0;
    else if (state == ST_MAP) map_done <= 1'b1;
  end

  always @(posedge clk) begin
    if (!rst_n) begin
      op <= 2'd0;
      bank <= 2'd0;
      busy <= 1'b0;
      done <= 1'b0;
      cycles <= 32'd0;
      loading <= 1'b0;
      unloading <= 1'b0;
      load_ptr <= 6'd0;
      unload_ptr <= 6'd0;
      load_bank <= 2'd0;
      state <= ST_IDLE;
      layer <= 3'd0;
      idx <= 8'd0;
    end else begin
      if (reg_we && reg_waddr == 8'h04 && !busy) begin
        op <= reg_wdata[1:0];
        bank <= reg_wdata[5:4];
      end
      if (ctrl_we && reg_wdata[1] && !busy) begin
        loading <= 1'b1;
        load_ptr <= 6'd0;
        load_bank <= bank;
      end else if (load_beat) begin
        load_ptr <= load_ptr + 6'd1;
        if (load_ptr == 6'd63) loading <= 1'b0;
      end
      if (ctrl_we && reg_wdata[2] && !busy) begin
        unloading <= 1'b1;
        unload_ptr <= 6'd0;
      end else if (unload_beat) begin
        unload_ptr <= unload_ptr + 6'd1;
        if (unload_ptr == 6'd63) unloading <= 1'b0;
      end

      if (busy) cycles <= cycles + 32'd1;
      case (state)
        ST_IDLE:
          if (start) begin
            busy <= 1'b1;
            done <= 1'b0;
            cycles <= 32'd1;
            layer <= 3'd0;
            idx <= 8'd0;
            state <= (op == OP_BASEMUL) ? ST_BASEMUL : ST_LAYERS;
          end
        ST_LAYERS: begin
          idx <= idx + 8'd1;
          if (idx == 8'd127) begin
            idx <= 8'd0;
            state <= ST_DRAIN;
          end
        end
        ST_MAP: begin
          idx <= idx + 8'd1;
          if (idx == 8'd255) begin
            idx <= 8'd0;
            state <= ST_DRAIN;
          end
        end
        ST_BASEMUL: begin
          idx <= idx + 8'd1;
          if (idx == 8'd127) begin
            idx <= 8'd0;
            state <= ST_DRAIN;
          end
        end
        default: begin  // ST_DRAIN
          if (pipe_empty) begin
            if (op == OP_BASEMUL || map_done) begin
              state <= ST_IDLE;
              busy <= 1'b0;
              done <= 1'b1;
            end else if (layer == 3'd6) begin
              state <= ST_MAP;  // Barrett (NTT) or the factor 1441 (INVNTT)
            end else begin
              layer <= layer + 3'd1;
              state <= ST_LAYERS;
            end
          end
        end
      endcase
    end
  end

  wire unused = ^{s_axis_tlast, reg_wdata, diff[15:0], i0w[8], zeta_k_inv[7]};
endmodule
`default_nettype wire
